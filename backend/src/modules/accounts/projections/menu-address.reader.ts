import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';

/** Where a readable address leads: the business's random address and its current readable one (null: none now). */
export interface MenuAddressTarget {
  departmentId: string;
  current: string | null;
}

/** What settings shows of the readable address (issue 33). */
export interface MenuAddressSettings {
  address: string | null;
  shareLine: string | null;
  departmentId: string;
  /** The addresses the business left, newest first: they redirect to the current one. */
  previous: string[];
}

/**
 * The readable menu addresses (issue 33): accounts' `menu_addresses` (every address ever claimed, with its business)
 * and the `businesses` columns of the current one, read for the diner's page, the settings and the claim's check.
 */
@Injectable()
export class MenuAddressReader {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** The business that claimed the address, now or before; undefined: never claimed. */
  async claimedBy(address: string, em: EntityManager = this.database.em()): Promise<string | undefined> {
    const [row] = await query<{ business_phone: string }>(
      em,
      'select business_phone from menu_addresses where address = ?',
      [address],
    );
    return row?.business_phone;
  }

  /** Whether some business's random address (a department id) is this very text (the demo café's `demo`, say). */
  async isDepartmentId(address: string, em: EntityManager = this.database.em()): Promise<boolean> {
    const rows = await query(em, 'select 1 from businesses where department_id = ?', [address]);
    return rows.length > 0;
  }

  /** Where an address leads, for a business that is not closed; undefined: no such address (or a closed one's). */
  async target(address: string, em: EntityManager = this.database.em()): Promise<MenuAddressTarget | undefined> {
    const [row] = await query<{ department_id: string; menu_address: string | null }>(
      em,
      `select b.department_id, b.menu_address from menu_addresses m join businesses b on b.phone = m.business_phone
        where m.address = ? and b.closed_at is null`,
      [address],
    );
    return row ? { departmentId: row.department_id, current: row.menu_address } : undefined;
  }

  async settingsOf(phone: string, em: EntityManager = this.database.em()): Promise<MenuAddressSettings | undefined> {
    const [row] = await query<{ department_id: string; menu_address: string | null; share_line: string | null }>(
      em,
      'select department_id, menu_address, share_line from businesses where phone = ? and closed_at is null',
      [phone],
    );
    if (!row) return undefined;
    const claimed = await query<{ address: string }>(
      em,
      'select address from menu_addresses where business_phone = ? order by claimed_at desc, address',
      [phone],
    );
    return {
      address: row.menu_address,
      shareLine: row.share_line,
      departmentId: row.department_id,
      previous: claimed.map(({ address }) => address).filter((address) => address !== row.menu_address),
    };
  }
}
