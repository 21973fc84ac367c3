import type { Numbering } from '../../../platform/backup/backup-manifest.js';
import type { Sql } from '../../../platform/backup/write-backup.js';
import { platformNumbering } from '../../commissions/index.js';
import { documentNumbering } from '../../ordering/index.js';

/** Every numbering of tax documents: each business's invoices and credits, and the platform's own. */
export async function readNumbering(sql: Sql): Promise<Numbering> {
  const business = await documentNumbering.lastNumbers(sql);
  const platform = await platformNumbering.lastNumbers(sql);
  return {
    invoices: business.invoice,
    credits: business.credit,
    platformInvoice: platform.invoice,
    platformCredit: platform.credit,
  };
}

/** Where a restore moves numbering on: `{ businessId, kind, next }` for a business, no `businessId` for the platform. */
export interface NumberingChoice {
  kind: 'invoice' | 'credit';
  businessId?: string;
  next: number;
}

export async function continueNumbering(sql: Sql, choices: readonly NumberingChoice[]): Promise<void> {
  for (const choice of choices) {
    if (choice.businessId) await documentNumbering.continueAt(sql, choice.kind, choice.businessId, choice.next);
    else await platformNumbering.continueAt(sql, choice.kind, choice.next);
  }
}

/** The numbering as the operator reads it after a restore, one line per numbering. */
export function describeNumbering(numbering: Numbering): string[] {
  const lines: string[] = [];
  const businesses = new Set([...numbering.invoices, ...numbering.credits].map((row) => row.businessId));
  for (const businessId of [...businesses].sort()) {
    const invoice = numbering.invoices.find((row) => row.businessId === businessId)?.last;
    const credit = numbering.credits.find((row) => row.businessId === businessId)?.last;
    lines.push(`  business ${businessId}: last invoice ${invoice ?? 'none'}, last credit ${credit ?? 'none'}`);
  }
  lines.push(
    `  the platform: last invoice ${numbering.platformInvoice ?? 'none'}, last credit ${numbering.platformCredit ?? 'none'}`,
  );
  return lines;
}
