import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { PrintingGuideCard } from './printing-guide-card';

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('browser-slip-page')?.remove();
});

describe("Settings' browser-printing card", () => {
  it('explains printing through the browser step by step, for every system, asking the server nothing', async () => {
    const calls = stubApi(() => undefined);
    render(<PrintingGuideCard />);
    expect(screen.getByRole('heading', { name: 'הדפסה מהדפדפן, בלי התקנה' })).toBeTruthy();
    expect(screen.getByTestId('printing-guide').id).toBe('browser-printing');
    expect(screen.getByTestId('printing-guide').textContent).not.toContain('Node.js');
    expect(screen.getByTestId('kiosk-switch').textContent).toContain('--kiosk-printing');
    expect(calls).toEqual([]);
  });

  it('prints a test slip through the browser', async () => {
    stubApi(() => undefined);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    render(<PrintingGuideCard />);
    await userEvent.click(screen.getByRole('button', { name: 'הדפסת דף בדיקה מהדפדפן' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('browser-slip').textContent).toContain('דף בדיקה');
    expect(document.getElementById('browser-slip-page')?.textContent).toContain('size: 80mm');
  });
});
