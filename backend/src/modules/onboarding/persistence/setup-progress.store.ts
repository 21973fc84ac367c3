import { Inject, Injectable } from '@nestjs/common';
import type { OwnerSetupAction } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { execute, query } from '../../../platform/database/sql.js';

export interface SetupProgress {
  qrPrinted: boolean;
  browserPrinting: boolean;
  dismissed: boolean;
}

const COLUMN: Record<OwnerSetupAction | 'dismissed', string> = {
  qr_printed: 'qr_printed_at',
  browser_printing: 'browser_printing_at',
  dismissed: 'dismissed_at',
};

/**
 * `setup_progress` (plain state, this module's own): what the owner's browser told of the checklist and whether the
 * card was closed. The first moment is kept: a repeat changes nothing.
 */
@Injectable()
export class SetupProgressStore {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async of(businessPhone: string): Promise<SetupProgress> {
    const [row] = await query<{ qr: boolean; browser: boolean; dismissed: boolean }>(
      this.database.em(),
      `select qr_printed_at is not null as qr, browser_printing_at is not null as browser,
              dismissed_at is not null as dismissed
         from setup_progress where business_id = ?`,
      [businessPhone],
    );
    return { qrPrinted: row?.qr ?? false, browserPrinting: row?.browser ?? false, dismissed: row?.dismissed ?? false };
  }

  async record(businessPhone: string, what: OwnerSetupAction | 'dismissed', at: Date): Promise<void> {
    const column = COLUMN[what];
    await execute(
      this.database.em(),
      `insert into setup_progress as s (business_id, ${column}, updated_at) values (?, ?, ?)
         on conflict (business_id) do update
           set ${column} = coalesce(s.${column}, excluded.${column}), updated_at = excluded.updated_at`,
      [businessPhone, at, at],
    );
  }
}
