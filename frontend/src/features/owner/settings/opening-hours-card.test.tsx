import type { OpeningHours } from '@tafrit/contracts/http/opening-hours.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { heHours } from '@/i18n/he-hours';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/api-stub';
import { OpeningHoursCard } from './opening-hours-card';

const t = heHours.card;
const week = Array.from({ length: 7 }, (_, day) => (day === 6 ? [] : [{ from: '07:30', to: '15:00' }]));
const saved: OpeningHours = {
  weekly: week,
  closedDates: [],
  shabbat: { enabled: false, city: 'Jerusalem' },
  closedOptionalDays: [],
};
const answer = (hours: OpeningHours) => ({
  success: true,
  data: { hours, pause: null, ordering: { open: true, reason: null, opensAt: null }, optionalDays: [] },
});

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OpeningHoursCard />
    </QueryClientProvider>,
  );
}

beforeEach(() => localStorage.setItem('authToken', 'owner-token'));
afterEach(() => localStorage.clear());

describe('the opening hours card', () => {
  it('brings the weekly schedule back after "at every hour" and back, saved in between or not', async () => {
    const calls = stubApi((call) => {
      if (call.path !== '/api/business/opening-hours') return undefined;
      return json(answer(call.method === 'PUT' ? (call.body as OpeningHours) : saved));
    });
    const user = userEvent.setup();
    renderCard();
    const sundayFrom = () => screen.getByLabelText(t.from(t.days[0]!, 0)) as HTMLInputElement;
    await waitFor(() => expect(sundayFrom().value).toBe('07:30'));

    await user.click(screen.getByRole('radio', { name: t.always }));
    expect(screen.queryByLabelText(t.from(t.days[0]!, 0))).toBeNull();
    await user.click(screen.getByRole('radio', { name: t.weekly }));
    expect(sundayFrom().value).toBe('07:30');
    expect(screen.getByText(t.dayClosed)).toBeTruthy();

    // Saved as "at every hour", then back: the schedule is still the owner's, not a blank 08:00-16:00 week.
    await user.click(screen.getByRole('radio', { name: t.always }));
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect((calls.find((call) => call.method === 'PUT')?.body as OpeningHours).weekly).toBeNull();
    await user.click(screen.getByRole('radio', { name: t.weekly }));
    expect(sundayFrom().value).toBe('07:30');
  });
});
