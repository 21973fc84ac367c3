import type { PromoCodeAnswer } from '@tafrit/contracts/http/promo-codes.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heOwnerPromotions } from '@/i18n/he-owner-promotions';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/api-stub';
import { PromoCodesPage } from './promo-codes-page';

const t = heOwnerPromotions;
const ID = '6f1c2a4e-0000-4000-8000-000000000033';

const happy: PromoCodeAnswer = {
  id: ID,
  code: 'HAPPY',
  active: true,
  createdAt: '2026-12-07T10:00:00.000Z',
  kind: 'percent',
  percent: 15,
  amountAgorot: null,
  minOrderAgorot: 5_000,
  validFrom: null,
  validUntil: null,
  hours: { from: '17:00', until: '19:00' },
  productIds: [],
  categoryIds: [],
  maxUses: 100,
  oncePerDiner: true,
};

const drinks = { id: 3, name: 'שתייה חמה', order: 1, createdAt: '2026-12-01T08:00:00.000Z' };
const product = (id: number, name: string) => ({
  id,
  categoryId: drinks.id,
  name,
  description: null,
  price: '12.00',
  image: null,
  tags: [],
  isActive: true,
  createdAt: '2026-12-01T08:00:00.000Z',
  optionGroupIds: [],
});

function promoServer(codes: PromoCodeAnswer[]) {
  return stubApi((call) => {
    if (call.path === '/api/owner/promo-codes' && call.method === 'GET') return json({ success: true, data: codes });
    if (call.path === '/api/categories') return json({ success: true, data: [drinks] });
    if (call.path === '/api/products') {
      return json({ success: true, data: [product(11, 'הפוך'), product(12, 'אספרסו')] });
    }
    if (call.method === 'POST' || call.method === 'PUT') {
      return json({ success: true, data: { ...happy, active: !call.path.endsWith('turn-off') } }, 201);
    }
    return undefined;
  });
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PromoCodesPage />
    </QueryClientProvider>,
  );
}

beforeEach(() => localStorage.setItem('authToken', 'owner-token'));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("the owner's promo codes page", () => {
  it('lists each code with its rules and a switch', async () => {
    promoServer([happy]);
    renderPage();
    const row = await screen.findByTestId('promo-code-row');
    expect(row.textContent).toContain('HAPPY');
    expect(row.textContent).toContain('15% הנחה');
    expect(row.textContent).toContain('₪50.00');
    expect(row.textContent).toContain('17:00–19:00');
    expect(within(row).getByRole('button', { name: t.row.turnOff('HAPPY') })).toBeTruthy();
  });

  it('refuses a percent over 100 beside its field, sending nothing', async () => {
    const calls = promoServer([]);
    renderPage();
    await screen.findByText(t.empty);
    await userEvent.type(screen.getByLabelText(t.create.code), 'HAPPY');
    await userEvent.type(screen.getByLabelText(t.create.percentValue), '101');
    await userEvent.click(screen.getByRole('button', { name: t.create.save }));
    expect(await screen.findByText('אחוז ההנחה הוא מספר שלם בין 1 ל־100')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends a new code in agorot, upper case, and turns a code off', async () => {
    const calls = promoServer([happy]);
    renderPage();
    await screen.findByTestId('promo-code-row');
    await userEvent.type(screen.getByLabelText(t.create.code), 'ten');
    await userEvent.selectOptions(screen.getByLabelText(t.create.kind), 'amount');
    await userEvent.type(screen.getByLabelText(t.create.amountValue), '10');
    await userEvent.type(screen.getByLabelText(t.create.minOrder), '40');
    await userEvent.click(screen.getByRole('button', { name: t.create.save }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.method === 'POST' && call.path === '/api/owner/promo-codes')?.body,
      ).toMatchObject({
        code: 'TEN',
        rules: { kind: 'amount', amountAgorot: 1_000, minOrderAgorot: 4_000, percent: null },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: t.row.turnOff('HAPPY') }));
    await waitFor(() => expect(calls.some((call) => call.path === `/api/owner/promo-codes/${ID}/turn-off`)).toBe(true));
  });

  it('applies a code to single products, folded under a count of the ticked ones', async () => {
    const calls = promoServer([]);
    renderPage();
    await screen.findByText(t.empty);
    await userEvent.type(screen.getByLabelText(t.create.code), 'COFFEE');
    await userEvent.type(screen.getByLabelText(t.create.percentValue), '10');
    const appliesTo = await screen.findByTestId('promo-applies-to');
    await userEvent.click(within(appliesTo).getByText(t.create.products));
    await userEvent.click(within(appliesTo).getByLabelText('הפוך'));
    expect(appliesTo.querySelector('summary')?.textContent).toContain(t.create.productsChosen(1));
    await userEvent.click(screen.getByRole('button', { name: t.create.save }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        code: 'COFFEE',
        rules: { percent: 10, productIds: [11], categoryIds: [] },
      }),
    );
  });

  it('edits a code’s rules, never its name', async () => {
    const calls = promoServer([happy]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: t.row.edit('HAPPY') }));
    const percent = screen.getByLabelText(t.create.percentValue);
    expect((percent as HTMLInputElement).value).toBe('15');
    expect((screen.getByLabelText(t.create.code) as HTMLInputElement).readOnly).toBe(true);
    await userEvent.clear(percent);
    await userEvent.type(percent, '20');
    await userEvent.click(screen.getByRole('button', { name: t.create.saveEdit }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
        path: `/api/owner/promo-codes/${ID}`,
        body: { kind: 'percent', percent: 20, minOrderAgorot: 5_000, maxUses: 100, oncePerDiner: true },
      }),
    );
  });
});
