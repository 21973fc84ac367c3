// Order ahead (issue 33): "as soon as possible" or a pickup time today from the café's slots, chosen before the
// payment page opens. A slot's `at` is sent back to create-payment exactly as the menu gave it, and its clock time is
// already in it (Israel time), so this needs no time-zone code in the diner's bundle.
import { useId } from 'react';
import type { PublicOrderAhead } from '@tafrit/contracts/order-ahead';
import { useText } from './language';

/** "12:30" of a slot's `at` ("2026-11-30T12:30:00+02:00"). */
export const slotClock = (at: string): string => at.slice(11, 16);

/** The slots a diner may choose (the cached menu's word; the server decides); none: no choice to show. */
export function offeredPickup(orderAhead: PublicOrderAhead | undefined, atTable: boolean): PublicOrderAhead | null {
  // A diner at a table is served there: order ahead is for pickup from outside a table (decision 050).
  if (!orderAhead?.enabled || atTable) return null;
  const slots = orderAhead.slots.filter((slot) => slot.available);
  return slots.length > 0 || orderAhead.asap ? { ...orderAhead, slots } : null;
}

/** `value`: null for "as soon as possible", else a slot's `at`. */
export function PickupTime({
  offer,
  value,
  onChange,
}: {
  offer: PublicOrderAhead;
  value: string | null;
  onChange(value: string | null): void;
}) {
  const t = useText().checkout;
  const id = useId();
  const first = offer.slots[0]?.at ?? null;
  return (
    <fieldset className="space-y-2" data-testid="pickup-time">
      <legend className="text-lg font-bold text-ink">{t.pickupTitle}</legend>
      {offer.asap ? (
        <label className="flex min-h-11 items-center gap-2 text-ink">
          <input type="radio" name={`${id}-when`} checked={value === null} onChange={() => onChange(null)} />
          {t.pickupAsap(offer.estimateMinutes)}
        </label>
      ) : null}
      {first ? (
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex min-h-11 items-center gap-2 text-ink">
            <input
              type="radio"
              name={`${id}-when`}
              checked={value !== null}
              onChange={() => onChange(value ?? first)}
            />
            {t.pickupLater}
          </label>
          <label htmlFor={`${id}-slot`} className="sr-only">
            {t.pickupSlotLabel}
          </label>
          <select
            id={`${id}-slot`}
            dir="ltr"
            value={value ?? first}
            onChange={(event) => onChange(event.target.value)}
            className="min-h-11 rounded-lg border border-muted bg-surface px-3 text-lg text-ink"
          >
            {offer.slots.map((slot) => (
              <option key={slot.at} value={slot.at}>
                {slotClock(slot.at)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </fieldset>
  );
}

const icsTime = (instant: number) =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const icsText = (text: string) => text.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\n/g, '\\n');

/** The pickup as a calendar event (RFC 5545): a quarter of an hour from the pickup time, in UTC. */
export function pickupIcs(order: { orderId: string; orderNumber: number; businessName: string }, at: string): string {
  const start = Date.parse(at);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tafrit//Order ahead//HE',
    'BEGIN:VEVENT',
    `UID:order-${order.orderId}@tafrit`,
    `DTSTAMP:${icsTime(start)}`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(start + 15 * 60_000)}`,
    `SUMMARY:${icsText(`${order.businessName}: ${order.orderNumber}`)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** The thank-you page's pickup time, and the same as a calendar file. */
export function PickupLine({
  order,
}: {
  order: { orderId: string; orderNumber: number; businessName: string; pickupAt?: string };
}) {
  const t = useText().thankYou;
  if (!order.pickupAt) return null;
  const href = `data:text/calendar;charset=utf-8,${encodeURIComponent(pickupIcs(order, order.pickupAt))}`;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-3 text-lg text-ink" data-testid="pickup-at">
      <span>
        {t.pickupAt} <bdi dir="ltr">{slotClock(order.pickupAt)}</bdi>
      </span>
      <a href={href} download={`order-${order.orderNumber}.ics`} className="font-medium underline">
        {t.addToCalendar}
      </a>
    </p>
  );
}
