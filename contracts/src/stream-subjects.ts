/**
 * The field of an event's data that names its stream's own subject, by stream category: the log keeps it once, in
 * the stream id, and puts it back into the data when read (decision 066). Every order event carries `orderId`
 * (stream-subjects.spec.ts checks it), so a read never adds a field an event did not have.
 */
export const STREAM_SUBJECT_FIELDS: Readonly<Record<string, string>> = { order: 'orderId' };
