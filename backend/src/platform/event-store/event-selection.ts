import type { EventSelection, RecordedEvent, SelectionOptions } from './event-store.port.js';

// A data field is named in the SQL text itself (so the log's expression indexes apply): only a plain name may be.
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Refuses a data field that is not a plain name, and a `before` that is not a position. */
export function assertSelection(selection: EventSelection, options: SelectionOptions = {}): void {
  const fields = [
    ...Object.keys(selection.dataEquals ?? {}),
    ...(selection.dataTimeBetween ? [selection.dataTimeBetween.field] : []),
  ];
  for (const field of fields) {
    if (!FIELD_NAME.test(field)) throw new Error(`not a plain data field name: ${JSON.stringify(field)}`);
  }
  if (options.before !== undefined && !/^\d+$/.test(options.before)) {
    throw new Error(`not a global position: ${JSON.stringify(options.before)}`);
  }
  if (options.limit !== undefined && (!Number.isInteger(options.limit) || options.limit < 1)) {
    throw new Error(`limit must be a positive integer, got ${options.limit}`);
  }
}

/** A data field as PostgreSQL's `->>` gives it: the text of a scalar, JSON of anything else, null when absent. */
function fieldText(data: unknown, field: string): string | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const value = (data as Record<string, unknown>)[field];
  if (value === undefined || value === null) return null;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Whether a recorded event is one the selection asks for (for stores that cannot ask their database). */
export function isSelected(event: RecordedEvent, selection: EventSelection): boolean {
  const chosen =
    selection.types.includes(event.type) || (selection.orActorKinds ?? []).includes(event.metadata?.actor?.kind);
  if (!chosen) return false;
  if (selection.streamIds && !selection.streamIds.includes(event.streamId)) return false;
  for (const [field, value] of Object.entries(selection.dataEquals ?? {})) {
    if (fieldText(event.data, field) !== value) return false;
  }
  const within = selection.dataTimeBetween;
  if (within) {
    const at = Date.parse(fieldText(event.data, within.field) ?? '');
    if (!(at >= Date.parse(within.from) && at < Date.parse(within.to))) return false;
  }
  return true;
}
