import type { Sql } from '../../../platform/backup/write-backup.js';

export type DocumentKind = 'invoice' | 'credit';

const TABLES: Record<DocumentKind, string> = { invoice: 'invoice_sequences', credit: 'credit_sequences' };

/**
 * Each business's gapless numbering of its tax documents as a backup sees it (decision 061): the last invoice and
 * credit number given, per business. The numbers are taken by `order_append` in the transaction that records the
 * document; this is the one other writer, used by a restore before the product's first start: documents issued
 * after the backup (elsewhere, or in the lost days) must never be numbered again, so the restore may move a
 * business's numbering on. It never moves one back.
 */
export const documentNumbering = {
  async lastNumbers(sql: Sql): Promise<Record<DocumentKind, { businessId: string; last: number }[]>> {
    const read = (kind: DocumentKind) =>
      sql<{ businessId: string; last: number }>(
        `select business_id as "businessId", last_number as "last" from ${TABLES[kind]} order by business_id`,
      );
    return { invoice: await read('invoice'), credit: await read('credit') };
  },

  /** The business's next document of `kind` is numbered `next`: its last number becomes `next - 1`. */
  async continueAt(sql: Sql, kind: DocumentKind, businessId: string, next: number): Promise<void> {
    const rows = await sql<{ last: number }>(
      `select last_number as "last" from ${TABLES[kind]} where business_id = $1`,
      [businessId],
    );
    const last = rows[0]?.last ?? 0;
    if (next <= last) throw new Error(`${businessId}'s next ${kind} must come after ${last}, not at ${next}`);
    if (next === last + 1) return;
    try {
      await sql(
        `insert into ${TABLES[kind]} (business_id, last_number) values ($1, $2)
         on conflict (business_id) do update set last_number = excluded.last_number`,
        [businessId, next - 1],
      );
    } catch (error) {
      // The sequence's foreign key: no such business.
      if ((error as { code?: string }).code === '23503')
        throw new Error(`no business ${businessId} in this backup`, { cause: error });
      throw error;
    }
  },
};
