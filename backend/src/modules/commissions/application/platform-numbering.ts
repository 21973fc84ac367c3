import type { Sql } from '../../../platform/backup/write-backup.js';

type Kind = 'invoice' | 'credit';

/**
 * The platform's own gapless numbering of its commission invoices and credits (`platform_document_sequences`, taken
 * in the append's transaction by `IssuePlatformDocument`) as a backup sees it, and the restore's one move forward of
 * it (decision 061): never back, so no number is given twice.
 */
export const platformNumbering = {
  async lastNumbers(sql: Sql): Promise<Record<Kind, number | null>> {
    const rows = await sql<{ kind: Kind; last: number }>(
      'select kind, last_number as "last" from platform_document_sequences',
    );
    const of = (kind: Kind) => rows.find((row) => row.kind === kind)?.last ?? null;
    return { invoice: of('invoice'), credit: of('credit') };
  },

  async continueAt(sql: Sql, kind: Kind, next: number): Promise<void> {
    const last = (await platformNumbering.lastNumbers(sql))[kind] ?? 0;
    if (next <= last) throw new Error(`the platform's next ${kind} must come after ${last}, not at ${next}`);
    if (next === last + 1) return;
    await sql(
      `insert into platform_document_sequences (kind, last_number) values ($1, $2)
       on conflict (kind) do update set last_number = excluded.last_number`,
      [kind, next - 1],
    );
  },
};
