import { Injectable } from '@nestjs/common';
import { TABLE_KEY } from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessReader } from '../../accounts/index.js';
import { MenuMissLimiter } from '../../menu/index.js';
import { type BusinessTables, BusinessTablesReader } from '../projections/business-tables.reader.js';
import { TableKeys } from './table-keys.js';

/** A shared table a poster's key opened: its business, department and number, and the café's settings. */
export interface OpenedTable {
  businessPhone: string;
  departmentId: string;
  number: number;
  tables: BusinessTables;
}

/**
 * Whether a diner's `{departmentId}/{table}?key=` opens a shared table. Every refusal is the same (an unknown
 * department, a closed café, shared tables off, a number not in the café's list, a key wrong or of an older
 * generation), so a refusal teaches nothing; refusals count as the public menu's misses per address.
 */
@Injectable()
export class TableAccess {
  constructor(
    private readonly businesses: BusinessReader,
    private readonly tables: BusinessTablesReader,
    private readonly keys: TableKeys,
    private readonly misses: MenuMissLimiter,
  ) {}

  /** The table, or null for any refusal. */
  async open(departmentId: string, number: number, key: unknown): Promise<OpenedTable | null> {
    if (typeof key !== 'string' || !TABLE_KEY.test(key)) return null;
    const business = await this.businesses.byDepartment(departmentId);
    if (!business || business.closedAt) return null;
    const tables = await this.tables.of(business.phone);
    if (!tables.shared || !tables.numbers.includes(number)) return null;
    if (!this.keys.verify(business.departmentId, number, tables.generation, key)) return null;
    return { businessPhone: business.phone, departmentId: business.departmentId, number, tables };
  }

  /** The table, or the one 404 envelope (the miss counted against the address first: past the limit, 429). */
  async openOr404(departmentId: string, number: number, key: unknown, ip: string): Promise<OpenedTable> {
    const table = await this.open(departmentId, number, key);
    if (table) return table;
    await this.misses.miss(ip);
    throw new AppError('not_found');
  }
}
