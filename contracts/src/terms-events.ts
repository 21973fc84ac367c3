// The events of the terms of use (DESIGN.md §2): one stream `terms`, one event per saved version, so every version,
// who saved it, from where and when stays in the log. The current text is a projection of the last one.
import { z } from 'zod';
import { eventSchema } from './events.js';

export const TERMS_STREAM_ID = 'terms';

export const termsChangedDataSchema = z.object({
  /** The whole text of this version (blank is refused before it is recorded). */
  content: z.string().min(1),
  /** The administrator's phone (E.164), or `system` for the default terms a fresh installation starts with. */
  adminPhone: z.string().min(1),
  /** The address the request came from, as the server saw it (behind a trusted proxy: the forwarded one). */
  ip: z.string().nullable(),
  at: z.iso.datetime({ offset: true }),
});
export type TermsChangedData = z.infer<typeof termsChangedDataSchema>;

export const termsChangedEventSchema = eventSchema('TermsChanged', termsChangedDataSchema);

export const TERMS_EVENT_TYPES = ['TermsChanged'] as const;
export type TermsEventType = (typeof TERMS_EVENT_TYPES)[number];

export const TERMS_EVENT_SCHEMA_VERSIONS = { TermsChanged: 1 } as const satisfies Record<TermsEventType, number>;
