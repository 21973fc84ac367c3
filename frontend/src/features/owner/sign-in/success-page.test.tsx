import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heOwner } from '@/i18n/he-owner';
import { createAppRouter } from '@/router';
import { demoBusiness, json, stubApi } from '@/test/api-stub';

async function seconds(count: number) {
  for (let i = 0; i < count; i += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
  }
}

function renderSuccess() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/success'] }) });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.setItem('authToken', 'owner-token');
  stubApi(({ path }) =>
    path === '/api/business/profile' ? json({ success: true, data: { business: demoBusiness } }) : undefined,
  );
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('registration success', () => {
  it('counts 5 seconds down where people see it, says so once to screen readers, then opens /menu', async () => {
    const router = renderSuccess();
    await screen.findByRole('heading', { level: 1, name: heOwner.success.title });
    const countdown = screen.getByTestId('success-countdown');
    expect(countdown.textContent).toContain('5');
    const announced = heOwner.success.announcement(5);
    expect(announced).toContain('5');
    let status: HTMLElement | undefined;
    await waitFor(() => {
      status = screen.getAllByRole('status').find((el) => el.textContent === announced);
      expect(status).toBeTruthy();
    });
    // Heard and seen at the same moment: the same 5.
    expect(countdown.querySelector('bdi')?.textContent).toBe('5');
    await seconds(3);
    expect(countdown.querySelector('bdi')?.textContent).toBe('2');
    // The live region does not count along.
    expect(status?.textContent).toBe(announced);
    // The move comes 5 seconds after the sentence, not 5 seconds after the page appeared.
    await seconds(1);
    expect(countdown.querySelector('bdi')?.textContent).toBe('1');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(900);
    });
    expect(router.state.location.pathname).toBe('/success');
    await seconds(2);
    await screen.findByRole('heading', { level: 1, name: heOwner.menuManagement.title });
    expect(router.state.location.pathname).toBe('/menu');
  });

  it('can be stopped, and then waits for the person', async () => {
    const router = renderSuccess();
    const stop = await screen.findByRole('button', { name: heOwner.success.stop });
    act(() => stop.click());
    await seconds(7);
    expect(router.state.location.pathname).toBe('/success');
    expect(screen.getAllByText(heOwner.success.stopped).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: heOwner.success.goNow }).getAttribute('href')).toBe('/menu');
  });
});
