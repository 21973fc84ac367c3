import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { heOwner } from '@/i18n/he-owner';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/api-stub';
import { PrinterCard } from './printer-card';
import { guessSystem } from './printing-setup';

const t = heOwner.printer;
// The agent's own setup page, which the steps send the owner to: the names they quote must be on it.
// (The tests run from frontend/, beside agent/.)
const agentPage = readFileSync(join(process.cwd(), '../agent/src/setup-html.ts'), 'utf8');
// What Windows and Linux themselves show, which the steps quote too.
const systemWords = ['Windows protected your PC', 'More info', 'Run anyway', 'מאפיינים', 'לאפשר הרצה כתוכנה'];

function server(executables: string[]) {
  return stubApi((call) => {
    if (call.path === '/downloads/index.json') return json({ files: executables });
    if (call.path.startsWith('/api/printer/status'))
      return json({ success: true, data: { isOnline: false, lastSeen: null, printerName: null } });
    return undefined;
  });
}

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PrinterCard businessPhone="+972523456789" />
    </QueryClientProvider>,
  );
  return screen.getByTestId('printing-setup');
}

/** Every name a step puts in quotes: each one is a button, a field or a status the owner will see. */
const quoted = (text: string) => [...text.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? '');

beforeEach(() => localStorage.setItem('authToken', 'owner-token'));
afterEach(() => localStorage.clear());

describe('the printing card guides one path per system', () => {
  it('on Windows with the program built: download, double-click, pair on its page, in the words of the buttons', async () => {
    server(['tafrit-agent-windows-x64-20250920.exe']);
    const user = userEvent.setup();
    const setup = renderCard();
    await user.click(within(setup).getByRole('radio', { name: 'Windows' }));
    const steps = await within(setup).findByTestId('executable-steps');
    const text = steps.textContent ?? '';
    expect(text).not.toContain('Node.js');
    expect(within(steps).getByRole('link', { name: t.executable.windows }).getAttribute('href')).toBe(
      '/downloads/tafrit-agent-windows-x64-20250920.exe',
    );
    const settingsButtons = [...steps.querySelectorAll('a, button')].map((element) => element.textContent);
    for (const name of quoted(text)) {
      const named =
        settingsButtons.includes(name) ||
        name === t.connected ||
        agentPage.includes(name) ||
        systemWords.includes(name);
      expect(named, `"${name}" is neither a button here nor on the agent's page`).toBe(true);
    }
    expect(quoted(text)).toEqual(expect.arrayContaining([t.createCode, 'חיבור והדפסת דף בדיקה', 'קוד החיבור']));
    // One set of downloads: the package waits, closed, under the advanced way.
    const advanced = within(setup).getByTestId('advanced-package') as HTMLDetailsElement;
    expect(advanced.open).toBe(false);
    expect(within(advanced).getByText(t.advancedTitle)).toBeTruthy();
    expect(setup.querySelectorAll('[data-testid^="agent-download-"]')).toHaveLength(1);
    expect(advanced.querySelector('[data-testid="agent-download-windows"]')).not.toBeNull();
  });

  it('on Linux where the server has not built the program: says so and offers browser printing', async () => {
    server([]);
    const user = userEvent.setup();
    const setup = renderCard();
    await user.click(within(setup).getByRole('radio', { name: 'Linux' }));
    const missing = await within(setup).findByTestId('executables-missing');
    expect(missing.textContent).toContain('עדיין לא נבנתה');
    expect(within(missing).getByRole('link', { name: t.toBrowserPrinting }).getAttribute('href')).toBe(
      '#browser-printing',
    );
    expect(within(setup).queryByTestId('executable-steps')).toBeNull();
    expect(within(setup).queryByTestId('agent-executable-linux')).toBeNull();
  });

  it('on a Mac: the package with Node.js, its own start file, and no program to download', async () => {
    server(['tafrit-agent-windows-x64-20250920.exe', 'tafrit-agent-linux-x64-20250920']);
    const user = userEvent.setup();
    const setup = renderCard();
    await user.click(within(setup).getByRole('radio', { name: 'Mac' }));
    const steps = within(setup).getByTestId('package-steps');
    expect(steps.textContent).toContain('Node.js');
    expect(steps.textContent).toContain('start.command');
    expect(steps.textContent).toContain('מסוף (Terminal)');
    expect(within(steps).getByRole('button', { name: t.createCode })).toBeTruthy();
    for (const name of quoted(steps.textContent ?? '')) {
      expect([t.download.mac, t.createCode, t.connected]).toContain(name);
    }
    expect(within(setup).getByTestId('mac-intro').textContent).toContain('Node.js');
    expect(setup.querySelector('[data-testid^="agent-executable-"]')).toBeNull();
    expect(setup.querySelectorAll('[data-testid^="agent-download-"]')).toHaveLength(1);
  });

  it("starts from the system of the owner's browser", () => {
    expect(guessSystem('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130')).toBe('windows');
    expect(guessSystem('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605')).toBe('mac');
    expect(guessSystem('Mozilla/5.0 (X11; Linux x86_64) Chrome/130')).toBe('linux');
    expect(guessSystem('Mozilla/5.0 (Linux; Android 14) Chrome/130')).toBe('windows');
    expect(guessSystem('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604')).toBe('windows');
  });
});
