import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getToasts, resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/api-stub';
import { DinerLanguagesCard } from './diner-languages-card';

const t = heOwner.settings.dinerLanguages;

beforeEach(() => {
  localStorage.setItem('authToken', 'owner-token');
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe("settings' languages of the menu", () => {
  it("shows the server's choice, Hebrew always on, and saves the owner's new one", async () => {
    const calls = stubApi((call) => {
      if (call.path !== '/api/business/diner-languages') return undefined;
      if (call.method === 'GET') return json({ success: true, data: { languages: ['he', 'ar', 'en', 'ru'] } });
      return json({ success: true, data: { languages: ['he', 'en'] } });
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DinerLanguagesCard />
      </QueryClientProvider>,
    );
    const hebrew = await screen.findByRole('checkbox', { name: t.hebrew });
    expect((hebrew as HTMLInputElement).checked).toBe(true);
    expect((hebrew as HTMLInputElement).disabled).toBe(true);
    const arabic = screen.getByRole('checkbox', { name: /ערבית/ });
    const russian = screen.getByRole('checkbox', { name: /רוסית/ });
    expect((arabic as HTMLInputElement).checked).toBe(true);
    await userEvent.click(arabic);
    await userEvent.click(russian);
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain(t.saved));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ languages: ['en'] });
    expect((screen.getByRole('checkbox', { name: /אנגלית/ }) as HTMLInputElement).checked).toBe(true);
    expect((arabic as HTMLInputElement).checked).toBe(false);
  });
});
