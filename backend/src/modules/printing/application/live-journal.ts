/**
 * What the consoles were pushed stays two days: a console offline longer simply reloads the list. The journal is
 * pruned to this (printer-presence.service.ts), and an event recorded before it is never journaled at all
 * (live-orders.projection.ts): a processor catching up after a long stop, or a rebuild, writes only what it keeps.
 * The slips (`print_slips`) keep the same two days, by when each was queued (decision 074): every reader of them looks
 * at most at today's orders, and the order's own row keeps its slip's state for good.
 */
export const LIVE_EVENTS_KEPT_MS = 2 * 24 * 60 * 60_000;
