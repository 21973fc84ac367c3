import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicOrderAhead } from '@tafrit/contracts/order-ahead';
import { offeredPickup, pickupIcs, PickupTime, slotClock } from './pickup-time';

// Order ahead at the checkout (issue 33): "as soon as possible" or one of today's free slots, sent back as the
// menu spelled it; and the thank-you page's calendar file.

const ahead: PublicOrderAhead = {
  enabled: true,
  asap: true,
  estimateMinutes: 15,
  slots: [
    { at: '2026-11-30T12:15:00+02:00', available: false },
    { at: '2026-11-30T12:30:00+02:00', available: true },
    { at: '2026-11-30T12:45:00+02:00', available: true },
  ],
};

describe('order ahead for the diner', () => {
  it('offers the free slots to a diner outside a table, never at a table', () => {
    expect(offeredPickup(ahead, false)?.slots.map((slot) => slot.at)).toEqual([
      '2026-11-30T12:30:00+02:00',
      '2026-11-30T12:45:00+02:00',
    ]);
    expect(offeredPickup(ahead, true)).toBeNull();
    expect(offeredPickup({ ...ahead, enabled: false }, false)).toBeNull();
    expect(offeredPickup(undefined, false)).toBeNull();
  });

  it('offers "as soon as possible" and the free slots, each chosen exactly as the menu spelled it', () => {
    const onChange = vi.fn();
    render(<PickupTime offer={offeredPickup(ahead, false)!} value={null} onChange={onChange} />);
    expect(screen.getByText('מתי לאסוף?')).toBeTruthy();
    expect((screen.getByLabelText('בהקדם האפשרי (כ־15 דקות)') as HTMLInputElement).checked).toBe(true);
    const select = screen.getByLabelText('שעת איסוף') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['12:30', '12:45']);
    fireEvent.change(select, { target: { value: '2026-11-30T12:45:00+02:00' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-11-30T12:45:00+02:00');
    fireEvent.click(screen.getByLabelText('בשעה'));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-30T12:30:00+02:00');
  });

  it('makes a calendar event at the pickup time, in UTC', () => {
    expect(slotClock('2026-11-30T12:30:00+02:00')).toBe('12:30');
    const ics = pickupIcs({ orderId: 'o-1', orderNumber: 7, businessName: 'קפה, הגפן' }, '2026-11-30T12:30:00+02:00');
    expect(ics).toContain('DTSTART:20261130T103000Z\r\n');
    expect(ics).toContain('DTEND:20261130T104500Z\r\n');
    expect(ics).toContain('SUMMARY:קפה\\, הגפן: 7\r\n');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });
});
