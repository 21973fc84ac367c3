import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { PrintingGuideCard } from './printing-guide-card';

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('browser-slip-page')?.remove();
});

describe("Settings' printing guide", () => {
  it('offers the executables the server lists beside its packages, asking for nothing else', async () => {
    const calls = stubApi((call) =>
      call.path === '/downloads/index.json'
        ? new Response(
            JSON.stringify({
              files: ['tafrit-agent-linux-20250920.zip', 'tafrit-agent-windows-x64-20250920.exe'],
            }),
            { status: 200, headers: { 'content-type': 'application/json' } },
          )
        : undefined,
    );
    render(<PrintingGuideCard />);
    const link = await screen.findByRole('link', { name: 'הורדה לווינדוס (exe)' });
    expect(link.getAttribute('href')).toBe('/downloads/tafrit-agent-windows-x64-20250920.exe');
    expect(screen.queryByRole('link', { name: 'הורדה ללינוקס' })).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /downloads/index.json']);
  });

  it('says so when no executable was built, and explains both ways step by step', async () => {
    stubApi(() => undefined);
    render(<PrintingGuideCard />);
    expect((await screen.findByTestId('executables-missing')).textContent).toContain('עדיין לא נבנתה');
    expect(screen.getByRole('heading', { name: /דרך 1/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /דרך 2: בלי התקנה/ })).toBeTruthy();
    expect(screen.getByTestId('kiosk-switch').textContent).toContain('--kiosk-printing');
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
