import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';

@Injectable()
export class PrintSlipsQuery {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** Slips of the last 12 hours not printed yet: what the agent will print when it connects. */
  async pendingCount(businessPhone: string): Promise<number> {
    const [row] = await query<{ count: number }>(
      this.database.em(),
      `select count(*)::int as count from print_slips
        where business_id = ? and status <> 'printed' and queued_at > now() - interval '12 hours'`,
      [businessPhone],
    );
    return row?.count ?? 0;
  }
}
