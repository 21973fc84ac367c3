import type { OrderTimeline } from '@tafrit/contracts/http/activity.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heOwnerActivity } from '@/i18n/he-owner-activity';
import { createQueryClient } from '@/lib/query-client';
import { failure, json, stubApi } from '@/test/api-stub';
import { OrderTimelineToggle } from './order-timeline';

const t = heOwnerActivity.timeline;
const ORDER = '6f1c2a4e-0000-4000-8000-000000000017';
const DANA = '0e9c1f7a-1111-4a2b-8c3d-4e5f6a7b8c9d';
const AVI = '1e9c1f7a-1111-4a2b-8c3d-4e5f6a7b8c9d';

const timeline: OrderTimeline = {
  orderId: ORDER,
  orderNumber: 17,
  test: false,
  steps: [
    {
      type: 'OrderPlaced',
      at: '2026-12-01T10:00:00.000Z',
      actor: { kind: 'diner', id: null, name: 'הסועד', role: null, screenName: null },
      amountAgorot: null,
      detail: null,
    },
    {
      type: 'OrderAccepted',
      at: '2026-12-01T10:03:00.000Z',
      actor: { kind: 'member', id: DANA, name: 'דנה', role: 'kitchen', screenName: null },
      amountAgorot: null,
      detail: '2026-12-01T10:18:00.000Z',
    },
    {
      type: 'OrderReady',
      at: '2026-12-01T10:15:00.000Z',
      actor: { kind: 'member', id: AVI, name: 'אבי', role: 'kitchen', screenName: 'מטבח' },
      amountAgorot: null,
      detail: null,
    },
    {
      type: 'OrderRefunded',
      at: '2026-12-01T10:20:00.000Z',
      actor: { kind: 'owner', id: 'owner', name: 'בעלי העסק', role: 'owner', screenName: null },
      amountAgorot: 1200,
      detail: null,
    },
  ],
};

// Inside a page's <main>, as on the console and the report.
function withQueryClient({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <main>{children}</main>
    </QueryClientProvider>
  );
}

const stepTexts = () => screen.getAllByTestId('timeline-step').map((step) => step.textContent?.replace(/\s+/g, ' '));

beforeEach(() => localStorage.setItem('authToken', 'owner-token'));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("an order's timeline", () => {
  it('is asked for only when opened, then says each step with who and when (Israel time)', async () => {
    const calls = stubApi((call) =>
      call.path === `/api/live-orders/${ORDER}/timeline` ? json({ success: true, data: timeline }) : undefined,
    );
    render(<OrderTimelineToggle orderId={ORDER} source="console" />, { wrapper: withQueryClient });
    const toggle = screen.getByRole('button', { name: t.show });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(calls).toHaveLength(0);
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await screen.findByRole('list', { name: t.title });
    expect(stepTexts()).toEqual([
      '12:00 ההזמנה נשלחה',
      '12:03 התקבלה (מוכנה עד 12:18) על ידי דנה',
      '12:15 מוכנה על ידי אבי במסך מטבח',
      '12:20 הוחזרו ₪12.00 על ידי בעלי העסק',
    ]);
    // The amount and the times read left to right inside the Hebrew.
    const refunded = screen.getAllByTestId('timeline-step')[3]!;
    expect(within(refunded).getByText('₪12.00').getAttribute('dir')).toBe('ltr');
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });

  it("reads the report's route, with each step's date, when it is the report's", async () => {
    const calls = stubApi((call) =>
      call.path === `/api/reports/orders/${ORDER}/timeline` ? json({ success: true, data: timeline }) : undefined,
    );
    render(<OrderTimelineToggle orderId={ORDER} source="report" />, { wrapper: withQueryClient });
    await userEvent.click(screen.getByRole('button', { name: t.show }));
    await screen.findByRole('list', { name: t.title });
    expect(stepTexts()[1]).toContain('01/12/2026 12:03');
    expect(calls.map((call) => call.path)).toEqual([`/api/reports/orders/${ORDER}/timeline`]);
  });

  it('says a failure and asks again on request', async () => {
    let answer = failure(503, 'DATABASE_UNAVAILABLE', 'שגיאה');
    stubApi(() => answer);
    render(<OrderTimelineToggle orderId={ORDER} source="console" />, { wrapper: withQueryClient });
    await userEvent.click(screen.getByRole('button', { name: t.show }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t.failed);
    answer = json({ success: true, data: timeline });
    await userEvent.click(within(alert).getByRole('button', { name: t.retry }));
    await screen.findByRole('list', { name: t.title });
    expect(stepTexts()).toHaveLength(4);
  });

  it('opens and closes from the keyboard, and is clean for axe open', async () => {
    stubApi(() => json({ success: true, data: timeline }));
    render(<OrderTimelineToggle orderId={ORDER} source="console" />, { wrapper: withQueryClient });
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: t.show }));
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('list', { name: t.title });
    const violations = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.violations.map((violation) => violation.id)).toEqual([]);
    await userEvent.keyboard(' ');
    expect(screen.getByRole('button', { name: t.show }).getAttribute('aria-expanded')).toBe('false');
  });
});
