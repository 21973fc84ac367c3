/**
 * What the consoles were pushed stays two days: a console offline longer simply reloads the list. The journal is
 * pruned to this (printer-presence.service.ts), and an event recorded before it is never journaled at all
 * (live-orders.projection.ts): a processor catching up after a long stop, or a rebuild, writes only what it keeps.
 */
export const LIVE_EVENTS_KEPT_MS = 2 * 24 * 60 * 60_000;
