import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';
import { TABLES_DEFAULTS } from '../domain/tables.decider.js';

/** A café's tables as the read model has them (the defaults for a café that never chose). */
export interface BusinessTables {
  shared: boolean;
  numbers: number[];
  idleMinutes: number;
  unpaidShareMinutes: number;
  /** Pay at the end (part 3, decision 058). */
  payAtEnd: boolean;
  holdShekels: number;
  tabIdleMinutes: number;
  generation: number;
  keysRenewedAt: string | null;
  /** Whether the owner (or the demo's seed) ever chose; false: the defaults. */
  chosen: boolean;
}

interface Row {
  shared: boolean;
  numbers: number[];
  idle_minutes: number;
  unpaid_share_minutes: number;
  pay_at_end: boolean;
  hold_shekels: number;
  tab_idle_minutes: number;
  generation: number;
  keys_renewed_at: Date | string | null;
}

const SELECT = `select shared, numbers, idle_minutes, unpaid_share_minutes, pay_at_end, hold_shekels, tab_idle_minutes,
                       generation, keys_renewed_at
                  from business_tables`;

const toTables = (row: Row | undefined): BusinessTables =>
  row
    ? {
        shared: row.shared,
        numbers: row.numbers.map(Number),
        idleMinutes: row.idle_minutes,
        unpaidShareMinutes: row.unpaid_share_minutes,
        payAtEnd: row.pay_at_end,
        holdShekels: row.hold_shekels,
        tabIdleMinutes: row.tab_idle_minutes,
        generation: row.generation,
        keysRenewedAt: row.keys_renewed_at ? new Date(row.keys_renewed_at).toISOString() : null,
        chosen: true,
      }
    : {
        shared: TABLES_DEFAULTS.shared,
        numbers: [],
        idleMinutes: TABLES_DEFAULTS.idleMinutes,
        unpaidShareMinutes: TABLES_DEFAULTS.unpaidShareMinutes,
        payAtEnd: TABLES_DEFAULTS.payAtEnd,
        holdShekels: TABLES_DEFAULTS.holdShekels,
        tabIdleMinutes: TABLES_DEFAULTS.tabIdleMinutes,
        generation: TABLES_DEFAULTS.generation,
        keysRenewedAt: null,
        chosen: false,
      };

/** The `business_tables` read model. */
@Injectable()
export class BusinessTablesReader {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async of(businessPhone: string, em?: EntityManager): Promise<BusinessTables> {
    const [row] = await query<Row>(em ?? this.database.em(), `${SELECT} where business_id = ?`, [businessPhone]);
    return toTables(row);
  }

  /** The idle time of each business with shared tables, for the idle sweep. */
  async idleMinutesOfShared(em?: EntityManager): Promise<Map<string, number>> {
    const rows = await query<{ business_id: string; idle_minutes: number }>(
      em ?? this.database.em(),
      'select business_id, idle_minutes from business_tables',
    );
    return new Map(rows.map((row) => [row.business_id, row.idle_minutes]));
  }
}
