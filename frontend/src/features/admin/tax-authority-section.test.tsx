import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heTaxAuthority } from '@/i18n/he-tax-authority';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/api-stub';
import { TaxAuthoritySection } from './tax-authority-section';

const t = heTaxAuthority;
const AUTHORITY = 'https://ita-api.taxes.gov.il/shaam/production/longtimetoken/oauth2/authorize?state=xyz';

beforeEach(() => {
  localStorage.setItem('adminToken', 'admin-token');
  localStorage.setItem('adminPhone', '+972547654321');
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TaxAuthoritySection />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: t.admin.title });
}

describe("the platform's Tax Authority section (decision 047)", () => {
  it("connects the platform with the administrator's token, and is clean for axe", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', Object.assign(new URL(location.href), { assign, href: location.href }));
    const calls = stubApi((call) => {
      if (call.path === '/api/admin/tax-authority') {
        return json({ success: true, data: { configured: true, connected: false } });
      }
      if (call.path === '/api/admin/tax-authority/connect') return json({ success: true, data: { url: AUTHORITY } });
      return undefined;
    });
    const section = renderSection();
    const button = await within(section).findByRole('button', { name: t.connect });
    const result = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
    await userEvent.setup().click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORITY));
    const connect = calls.find((call) => call.method === 'POST');
    expect(connect?.path).toBe('/api/admin/tax-authority/connect');
    expect(connect?.headers).toMatchObject({ Authorization: 'Bearer admin-token' });
  });

  it('shows the way back to the dashboard once, and the grant with its dates', async () => {
    window.history.replaceState(null, '', '/admin-dashboard?taxAuthority=connected');
    stubApi((call) =>
      call.path === '/api/admin/tax-authority'
        ? json({
            success: true,
            data: {
              configured: true,
              connected: true,
              connectedAt: '2026-11-29T10:00:00.000Z',
              grantEndsAt: '2026-12-29T10:00:00.000Z',
            },
          })
        : undefined,
    );
    const section = renderSection();
    expect(within(section).getByTestId('platform-tax-authority-result').textContent).toBe(t.resultConnected);
    expect(await within(section).findByRole('button', { name: t.disconnect })).toBeTruthy();
    expect([...section.querySelectorAll('bdi[dir="ltr"]')].map((bdi) => bdi.textContent)).toEqual([
      '29/11/2026 12:00',
      '29/12/2026 12:00',
    ]);
    expect(window.location.search).toBe('');
  });
});
