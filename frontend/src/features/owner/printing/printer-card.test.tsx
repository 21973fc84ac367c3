import { messageFor, uiMessagesHe } from '@tafrit/contracts/messages.he';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getToasts, resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createQueryClient } from '@/lib/query-client';
import { failure, json, stubApi, type ApiCall } from '@/test/api-stub';
import { PrinterCard } from './printer-card';

const t = heOwner.printer;
const settings = {
  paperWidth: '80mm',
  paired: true,
  agentVersion: '20250920',
  operatingSystem: 'linux',
  connectionType: 'tcp',
};

function printerServer(
  status: { isOnline: boolean; lastSeen: string | null; printerName: string | null } | null,
  extra?: (call: ApiCall) => Response | undefined,
) {
  return stubApi((call) => {
    if (call.path.startsWith('/api/printer/status')) {
      return status ? json({ success: true, data: status }) : new Promise<Response>(() => undefined);
    }
    if (call.path === '/api/printer/settings' && call.method === 'GET') return json({ success: true, data: settings });
    return extra?.(call);
  });
}

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PrinterCard businessPhone="+972523456789" />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.setItem('authToken', 'owner-token');
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe('the local-printing card', () => {
  it('says it is checking while the status is on its way', async () => {
    const calls = printerServer(null);
    renderCard();
    expect(screen.getByTestId('printer-status').textContent).toContain(t.checking);
    await waitFor(() => expect(calls.some((call) => call.path.startsWith('/api/printer/status'))).toBe(true));
    expect(calls.find((call) => call.path.startsWith('/api/printer/status'))?.path).toBe(
      '/api/printer/status?businessId=%2B972523456789',
    );
  });

  it('shows a connected printer with its name', async () => {
    printerServer({ isOnline: true, lastSeen: '2025-09-20T09:00:00.000Z', printerName: 'Epson TM-T20' });
    renderCard();
    await waitFor(() => expect(screen.getByTestId('printer-status').textContent).toContain(t.connected));
    expect(screen.getByTestId('printer-status').textContent).toContain('Epson TM-T20');
  });

  it('shows a disconnected printer with the last time it was seen, in Israel time, or that it never connected', async () => {
    printerServer({ isOnline: false, lastSeen: '2025-09-20T09:00:00.000Z', printerName: 'Epson' });
    renderCard();
    await waitFor(() => expect(screen.getByTestId('printer-status').textContent).toContain(t.disconnected));
    expect(screen.getByTestId('printer-status').textContent).toContain('20/09/2025 12:00');
  });

  it('says a printer never connected', async () => {
    printerServer({ isOnline: false, lastSeen: null, printerName: null });
    renderCard();
    await waitFor(() => expect(screen.getByTestId('printer-status').textContent).toContain(t.neverConnected));
  });

  it('creates a pairing code and shows it with its countdown and the exact command of the package', async () => {
    const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
    printerServer({ isOnline: false, lastSeen: null, printerName: null }, (call) =>
      call.path === '/api/printer/pairing-code' && call.method === 'POST'
        ? json({ success: true, data: { code: 'ABCD2345', expiresAt } })
        : undefined,
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('radio', { name: 'Mac' }));
    expect(screen.getByTestId('pair-command').textContent).toContain('pair XXXX-XXXX');
    await user.click(screen.getByRole('button', { name: t.createCode }));
    expect((await screen.findByTestId('pairing-code')).textContent).toBe('ABCD-2345');
    expect(screen.getByTestId('pairing-countdown').textContent).toMatch(/^(10:00|9:5\d)$/);
    expect(screen.getByTestId('pair-command').textContent).toBe(
      `node tafrit-agent.mjs pair ABCD-2345 --server ${window.location.origin}`,
    );
    expect(screen.getByRole('button', { name: t.newCode })).toBeTruthy();
  });

  it('saves the paper width at once and confirms it', async () => {
    const calls = printerServer({ isOnline: true, lastSeen: null, printerName: 'Epson' }, (call) =>
      call.path === '/api/printer/settings' && call.method === 'PUT'
        ? json({ success: true, data: { ...settings, ...(call.body as object) } })
        : undefined,
    );
    const user = userEvent.setup();
    renderCard();
    const narrow = screen.getByRole('radio', { name: t.paper['58mm'] });
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: t.paper['80mm'] }) as HTMLInputElement).checked).toBe(true),
    );
    await user.click(narrow);
    await waitFor(() => expect(screen.getByTestId('paper-width-status').textContent).toBe(t.paperSaved));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ paperWidth: '58mm' });
    expect((narrow as HTMLInputElement).checked).toBe(true);
  });

  it('tells why a test print was not sent', async () => {
    printerServer({ isOnline: false, lastSeen: null, printerName: null }, (call) =>
      call.path === '/api/printer/test-print' ? failure(409, 'printer.offline', 'offline') : undefined,
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('button', { name: t.testPrint }));
    await waitFor(() =>
      expect(screen.getByTestId('test-print-result').textContent).toContain(messageFor('printer.offline')),
    );
  });

  it('confirms a test print', async () => {
    printerServer({ isOnline: true, lastSeen: null, printerName: 'Epson' }, (call) =>
      call.path === '/api/printer/test-print' ? json({ success: true, data: { slipId: 'slip-1' } }) : undefined,
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('button', { name: t.testPrint }));
    await waitFor(() => expect(screen.getByTestId('test-print-result').textContent).toBe(t.testPrintSent));
  });

  it("offers each system's package in its own path and says so when the download fails", async () => {
    const calls = printerServer({ isOnline: false, lastSeen: null, printerName: null });
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('radio', { name: 'Windows' }));
    await screen.findByTestId('executables-missing');
    expect(screen.getByTestId('agent-download-windows').getAttribute('href')).toBe(
      '/downloads/tafrit-agent-windows-20250920.zip',
    );
    await user.click(screen.getByRole('radio', { name: 'Mac' }));
    expect(screen.getByTestId('agent-download-mac')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Linux' }));
    await user.click(screen.getByText(t.advancedTitle));
    await user.click(screen.getByTestId('agent-download-linux'));
    await waitFor(() => expect(getToasts()[0]?.title).toBe(uiMessagesHe.agentDownloadError));
    expect(calls.find((call) => call.method === 'HEAD')?.path).toBe('/downloads/tafrit-agent-linux-20250920.zip');
  });
});
