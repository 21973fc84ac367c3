import { EVENT_TIME_FIELDS } from '@tafrit/contracts';
import type { EventSelection, SelectionOptions } from '../event-store.port.js';
import { assertSelection } from '../event-selection.js';
import { EVENT_COLUMNS } from './event-rows.js';

/** The actor's kind of a row: its object's `kind`, or its string's part before the first colon (decision 075). */
const ACTOR_KIND = `coalesce(metadata->'actor'->>'kind', split_part(metadata->>'actor', ':', 1))`;

/**
 * The statement of `readSelected` on PostgreSQL. Types and data fields are written as the log's partial expression
 * indexes are (`type in (...)`, `data->>'businessPhone'`), so a business's payments or refunds are read by index
 * (migrations 20261121000400 and 20261130000100).
 */
export function selectionSql(
  selection: EventSelection,
  { newestFirst = false, before, limit }: SelectionOptions = {},
): { sql: string; params: unknown[] } {
  assertSelection(selection, { before, limit });
  const params: unknown[] = [];
  const placeholders = (values: readonly unknown[]) => {
    params.push(...values);
    return values.map(() => '?').join(', ');
  };
  const byType = selection.types.length > 0 ? `type in (${placeholders(selection.types)})` : 'false';
  const kinds = selection.orActorKinds ?? [];
  const conditions = [kinds.length > 0 ? `(${byType} or ${ACTOR_KIND} in (${placeholders(kinds)}))` : byType];
  for (const [field, value] of Object.entries(selection.dataEquals ?? {})) {
    conditions.push(`data->>'${field}' = ?`);
    params.push(value);
  }
  const within = selection.dataTimeBetween;
  if (within) {
    // A selected type's own time is kept as the event's only when the two are equal (decision 067): in the row's
    // `occurred_at`, or in the metadata where that column does not hold it (decision 073).
    const times = EVENT_TIME_FIELDS as Readonly<Record<string, string | undefined>>;
    const kept = selection.types.some((type) => times[type] === within.field);
    const time = kept
      ? `coalesce((data->>'${within.field}')::timestamptz, (metadata->>'occurredAt')::timestamptz, occurred_at)`
      : `(data->>'${within.field}')::timestamptz`;
    conditions.push(`${time} >= ?::timestamptz`, `${time} < ?::timestamptz`);
    params.push(within.from, within.to);
  }
  if (selection.streamIds) {
    conditions.push('stream_id in (select jsonb_array_elements_text(?::jsonb))');
    params.push(JSON.stringify(selection.streamIds));
  }
  if (before !== undefined) {
    conditions.push('global_position < ?::bigint');
    params.push(before);
  }
  if (limit !== undefined) params.push(limit);
  return {
    sql: `select ${EVENT_COLUMNS} from events
           where ${conditions.join(' and ')}
           order by global_position ${newestFirst ? 'desc' : 'asc'}${limit === undefined ? '' : ' limit ?'}`,
    params,
  };
}
