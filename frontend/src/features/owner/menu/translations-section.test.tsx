import axe from 'axe-core';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createAppRouter } from '@/router';
import { demoBusiness, json, stubApi } from '@/test/api-stub';
import type { Category } from '../shared/api/menu';
import type { OptionGroup } from '../shared/api/option-groups';

const t = heOwner.menuManagement;
const MILK = '00000000-0000-4000-8000-000000000001';
const drinks: Category = { id: 1, name: 'שתייה חמה', order: 0, createdAt: '2026-01-01T00:00:00.000Z' };
const milk: OptionGroup = {
  id: MILK,
  name: 'סוג חלב',
  minChoices: 1,
  maxChoices: 1,
  without: false,
  options: [],
  productIds: [],
};

function server() {
  return stubApi((call) => {
    if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
    if (call.path === '/api/business/diner-languages')
      return json({ success: true, data: { languages: ['he', 'ar', 'en'] } });
    if (call.path === '/api/categories') return json({ success: true, data: [drinks] });
    if (call.path === '/api/products') return json({ success: true, data: [] });
    if (call.path === '/api/option-groups') return json({ success: true, data: [milk] });
    if (call.path === `/api/option-groups/${MILK}`) return json({ success: true, data: milk });
    if (call.path === '/api/menu-translations') {
      return json({
        success: true,
        data: [{ kind: 'optionGroup', id: MILK, translations: { en: { name: 'Milk', description: null } } }],
      });
    }
    if (call.path === `/api/menu-translations/optionGroup/${MILK}`) {
      return json({ success: true, data: { en: { name: 'Milk', description: null }, ...(call.body as object) } });
    }
    return undefined;
  });
}

async function openGroupDialog() {
  render(
    <RouterProvider
      router={createAppRouter({ history: createMemoryHistory({ initialEntries: ['/menu-management'] }) })}
    />,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'עריכה סוג חלב' }));
  return screen.findByRole('dialog', { name: t.optionGroups.editTitle });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 'owner-token');
  localStorage.setItem('businessData', JSON.stringify(demoBusiness));
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe('the translations of an item', () => {
  it('has a field per offered language, in that language, and saves only what changed after the Hebrew', async () => {
    const calls = server();
    const dialog = await openGroupDialog();
    const section = await within(dialog).findByRole('group', { name: t.translations.title });
    const english = within(section).getByLabelText(t.translations.name.en) as HTMLInputElement;
    const arabic = within(section).getByLabelText(t.translations.name.ar) as HTMLInputElement;
    expect([english.lang, english.dir, english.value]).toEqual(['en', 'ltr', 'Milk']);
    expect([arabic.lang, arabic.dir, arabic.value]).toEqual(['ar', 'rtl', '']);
    expect(within(section).queryByLabelText(t.translations.name.ru)).toBeNull();

    await userEvent.type(arabic, 'حليب');
    await userEvent.click(within(dialog).getByRole('button', { name: t.optionGroups.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const writes = calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body]);
    expect(writes[0]?.[0]).toBe(`/api/option-groups/${MILK}`);
    expect(writes[1]).toEqual([
      `/api/menu-translations/optionGroup/${MILK}`,
      { ar: { name: 'حليب', description: null } },
    ]);
  });

  it('refuses a translation over the limit beside its field, saving nothing', async () => {
    const calls = server();
    const dialog = await openGroupDialog();
    const english = await within(dialog).findByLabelText(t.translations.name.en);
    await userEvent.clear(english);
    await userEvent.click(english);
    await userEvent.paste('x'.repeat(101));
    await userEvent.click(within(dialog).getByRole('button', { name: t.optionGroups.save }));
    await waitFor(() => expect(english.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('is clean for axe with the section open', async () => {
    server();
    const dialog = await openGroupDialog();
    await within(dialog).findByRole('group', { name: t.translations.title });
    const violations = (
      await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })
    ).violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`);
    expect(violations).toEqual([]);
  });
});
