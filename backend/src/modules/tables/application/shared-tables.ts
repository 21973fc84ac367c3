import { Injectable } from '@nestjs/common';
import type { TableCartLine, TableDiner, TableState } from '@tafrit/contracts';
import { DinerTables } from './diner-tables.service.js';
import type { CartTab } from '../domain/table-cart.decider.js';
import { type BusinessTables, BusinessTablesReader } from '../projections/business-tables.reader.js';
import { type LiveCart, TableCartsReader } from '../projections/table-carts.reader.js';
import { TableAccess } from './table-access.js';
import { TableKeys } from './table-keys.js';

/** A shared cart as ordering checks it out and pays it (issue 34). */
export interface CartForPayment {
  businessPhone: string;
  departmentId: string;
  number: number;
  cartId: string;
  /** Pass it back as `CheckOutTableCartCommand`'s `expectedVersion`: the cart must not have moved since. */
  version: number;
  status: 'open' | 'paying';
  lines: TableCartLine[];
  notes: string | null;
  diners: TableDiner[];
  orderId: string | null;
  /** The diner of `session` at this cart, as the others see them (null: they never read the table). */
  you: TableDiner | null;
  /** Pay at the end (decision 058): the cart's tab and the café's setting. */
  tab: CartTab;
  settings: { payAtEnd: boolean; holdShekels: number; tabIdleMinutes: number };
  updatedAt: string;
}

/** A tab left idle past the café's time (decision 058): its held card pays what is left. */
export interface IdleTab {
  cartId: string;
  businessPhone: string;
  departmentId: string;
  number: number;
}

/** Ordering's reader of the shared tables (through the module's index). */
@Injectable()
export class SharedTables {
  constructor(
    private readonly access: TableAccess,
    private readonly carts: TableCartsReader,
    private readonly keys: TableKeys,
    private readonly diners: DinerTables,
    private readonly tables: BusinessTablesReader,
  ) {}

  /** The table's state as the reader of `session` sees it (joining its cart); null on any refusal of the key. */
  async stateFor(departmentId: string, number: number, key: string, session: string): Promise<TableState | null> {
    const table = await this.access.open(departmentId, number, key);
    return table ? this.diners.read({ table, session }) : null;
  }

  /**
   * The table's live cart (open, or paying for `orderId`) as the poster's key opens it; null on any refusal (a wrong
   * key, an unknown table, shared tables off) and when the table has no live cart.
   */
  async cartForPayment(
    departmentId: string,
    number: number,
    key: string,
    session?: string,
  ): Promise<CartForPayment | null> {
    const table = await this.access.open(departmentId, number, key);
    if (!table) return null;
    const cart = await this.carts.liveCartOf(table.businessPhone, number);
    return cart ? this.forPayment(cart, table.tables, session) : null;
  }

  /** A live cart by its id, as the tab's sweep and charge read it (no reader: `you` is null). */
  async cartById(cartId: string): Promise<CartForPayment | null> {
    const cart = await this.carts.byId(cartId);
    if (!cart) return null;
    return this.forPayment(cart, await this.tables.of(cart.businessPhone));
  }

  private forPayment(cart: LiveCart, tables: BusinessTables, session?: string): CartForPayment | null {
    if (cart.status === 'closed' || cart.status === 'none') return null;
    return {
      businessPhone: cart.businessPhone,
      departmentId: cart.departmentId,
      number: cart.number,
      cartId: cart.cartId,
      version: cart.version,
      status: cart.status,
      lines: cart.lines,
      notes: cart.notes,
      diners: cart.diners,
      orderId: cart.orderId,
      tab: cart.tab,
      settings: {
        payAtEnd: tables.payAtEnd,
        holdShekels: tables.holdShekels,
        tabIdleMinutes: tables.tabIdleMinutes,
      },
      updatedAt: cart.updatedAt,
      you: session
        ? (cart.diners.find((diner) => diner.dinerId === this.keys.dinerIdOf(session, cart.cartId)) ?? null)
        : null,
    };
  }

  /**
   * The tabs with rounds in the kitchen (open, or paying for their bill) left untouched for their café's
   * `tabIdleMinutes` at `now`, the oldest first.
   */
  idleTabs(now: Date): Promise<IdleTab[]> {
    return this.carts.idleTabs(now);
  }
}
