import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';

/** The owner's test orders (decision 034) as others read them: the first-run checklist and the day's cap. */
@Injectable()
export class TestOrdersReader {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async hasAny(businessPhone: string): Promise<boolean> {
    const rows = await query(this.database.em(), 'select 1 from orders where business_id = ? and is_test limit 1', [
      businessPhone,
    ]);
    return rows.length > 0;
  }

  async countBetween(businessPhone: string, start: Date, end: Date): Promise<number> {
    const [row] = await query<{ count: string }>(
      this.database.em(),
      `select count(*)::text as count from orders
        where business_id = ? and is_test and created_at >= ? and created_at < ?`,
      [businessPhone, start, end],
    );
    return Number(row?.count ?? 0);
  }
}
