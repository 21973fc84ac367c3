import type { ActivityAnswer, ActivityItem } from '@tafrit/contracts/http/activity.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heOwnerActivity } from '@/i18n/he-owner-activity';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi, type ApiCall } from '@/test/api-stub';
import { ActivityPage } from './activity-page';

const t = heOwnerActivity.activity;
const DANA = '0e9c1f7a-1111-4a2b-8c3d-4e5f6a7b8c9d';
const YOSSI = '2e9c1f7a-1111-4a2b-8c3d-4e5f6a7b8c9d';
const SCREEN = '9a8b7c6d-2222-4e5f-8a9b-0c1d2e3f4a5b';

function act(position: number, overrides: Partial<ActivityItem> = {}): ActivityItem {
  return {
    position,
    at: '2026-12-01T10:03:00.000Z',
    kind: 'orders',
    type: 'OrderAccepted',
    change: null,
    actor: { kind: 'member', id: DANA, name: 'דנה', role: 'kitchen', screenName: null },
    orderId: '6f1c2a4e-0000-4000-8000-000000000017',
    orderNumber: 17,
    amountAgorot: null,
    subject: null,
    role: null,
    ...overrides,
  };
}

const people: ActivityAnswer['people'] = [
  { id: 'owner', name: 'בעלי העסק', kind: 'owner', removed: false },
  { id: DANA, name: 'דנה', kind: 'person', removed: false },
  { id: YOSSI, name: 'יוסי', kind: 'person', removed: true },
  { id: SCREEN, name: 'מטבח', kind: 'screen', removed: false },
];

const firstPage: ActivityAnswer = {
  items: [
    act(90, {
      kind: 'team',
      type: 'TeamMemberRemoved',
      actor: { kind: 'owner', id: 'owner', name: 'בעלי העסק', role: 'owner', screenName: null },
      orderId: null,
      orderNumber: null,
      subject: 'יוסי',
    }),
    act(80, {
      kind: 'refunds',
      type: 'RefundRequested',
      actor: { kind: 'member', id: YOSSI, name: 'יוסי', role: 'manager', screenName: null },
      amountAgorot: 1200,
    }),
    act(70, {
      type: 'OrderReady',
      actor: { kind: 'member', id: DANA, name: 'דנה', role: 'kitchen', screenName: 'מטבח' },
    }),
    act(60, {
      kind: 'menu',
      type: 'MenuChanged',
      change: 'product.availability_changed',
      orderId: null,
      orderNumber: null,
    }),
  ],
  nextBefore: 60,
  people,
};
const secondPage: ActivityAnswer = { items: [act(50)], nextBefore: null, people };

function activityServer(
  answer: (call: ApiCall, url: URL) => ActivityAnswer = (_call, url) =>
    url.searchParams.get('before') === '60' ? secondPage : firstPage,
) {
  return stubApi((call) => {
    const url = new URL(call.path, 'http://localhost');
    return url.pathname === '/api/team/activity' ? json({ success: true, data: answer(call, url) }) : undefined;
  });
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ActivityPage />
    </QueryClientProvider>,
  );
}

const rowTexts = () =>
  screen.getAllByTestId('activity-item').map((row) => row.querySelector('p')?.textContent?.replace(/\s+/g, ' '));

beforeEach(() => localStorage.setItem('authToken', 'owner-token'));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("the owner's activity page", () => {
  it('lists who did what, the latest first, with the role of then and the screen of a PIN', async () => {
    activityServer();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeTruthy();
    await screen.findByTestId('activity-list');
    expect(rowTexts()).toEqual([
      'בעלי העסק הסיר/ה מהצוות את יוסי',
      'יוסי (בתפקיד מנהל/ת) ביצע/ה החזר הזמנה #17 ₪12.00',
      'דנה (בתפקיד מטבח) במסך מטבח סימן/ה הזמנה כמוכנה הזמנה #17',
      'דנה (בתפקיד מטבח) שינה/תה זמינות של מוצר',
    ]);
    expect(within(screen.getAllByTestId('activity-item')[0]!).getByText('01/12/2026 12:03')).toBeTruthy();
  });

  it('asks the server again for a person and a kind, and offers removed people and screens', async () => {
    const calls = activityServer();
    renderPage();
    await screen.findByTestId('activity-list');
    const person = screen.getByRole('combobox', { name: t.person });
    expect(
      within(person)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([t.everyone, 'בעלי העסק', 'דנה', `יוסי ${t.removed}`, `מטבח ${t.screen}`]);
    await userEvent.selectOptions(person, DANA);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: t.kind }), 'refunds');
    await waitFor(() => expect(calls.at(-1)?.path).toBe(`/api/team/activity?member=${DANA}&kind=refunds`));
    await userEvent.selectOptions(person, '');
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/team/activity?kind=refunds'));
  });

  it('brings the acts before the last shown on request, until there are no more', async () => {
    const calls = activityServer();
    renderPage();
    await screen.findByTestId('activity-list');
    await userEvent.click(screen.getByRole('button', { name: t.more }));
    await waitFor(() => expect(screen.getAllByTestId('activity-item')).toHaveLength(5));
    expect(calls.at(-1)?.path).toBe('/api/team/activity?before=60');
    expect(screen.queryByRole('button', { name: t.more })).toBeNull();
  });

  it('says so when nothing was done yet', async () => {
    activityServer(() => ({ items: [], nextBefore: null, people: people.slice(0, 1) }));
    renderPage();
    expect((await screen.findByTestId('activity-empty')).textContent).toBe(t.empty);
  });

  it('is clean for axe, its filters reached by the keyboard', async () => {
    activityServer();
    renderPage();
    await screen.findByTestId('activity-list');
    const violations = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: t.person }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: t.kind }));
  });
});
