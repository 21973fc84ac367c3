import type { EventMetadata, RecordedEvent } from '../event-store.port.js';
import { violatedUniqueConstraint } from '../../database/database-errors.js';

/**
 * Positions as text (bigint and xid8 must not pass through a JS number), the time as ISO 8601 in UTC. The text
 * columns get names of their own: an ORDER BY on `global_position` would otherwise sort the text alias ('10' < '8').
 */
export const EVENT_COLUMNS = `global_position::text as position_text, transaction_id::text as transaction_text,
  stream_id, stream_version, type, data, metadata,
  to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as recorded_at`;

export interface EventRow {
  position_text: string;
  transaction_text: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: string;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    streamVersion: Number(row.stream_version),
    globalPosition: row.position_text,
    transactionId: row.transaction_text,
    recordedAt: row.recorded_at,
  };
}

/** `order-5f1c...` belongs to `order`, `business-+9725...` to `business` (CONVENTIONS example 2). */
export function streamCategoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}

const STREAM_VERSION_CONSTRAINT = 'events_stream_version_unique';

/**
 * True for the unique violation a concurrent writer of the same stream version causes. Other unique violations
 * (an inline projection's own constraints) are real errors and must surface as they are.
 */
export function isStreamVersionCollision(error: unknown): boolean {
  return violatedUniqueConstraint(error) === STREAM_VERSION_CONSTRAINT;
}
