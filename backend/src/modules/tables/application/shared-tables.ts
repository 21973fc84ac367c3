import { Injectable } from '@nestjs/common';
import type { TableCartLine, TableDiner } from '@tafrit/contracts';
import { TableCartsReader } from '../projections/table-carts.reader.js';
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
}

/** Ordering's reader of the shared tables (through the module's index). */
@Injectable()
export class SharedTables {
  constructor(
    private readonly access: TableAccess,
    private readonly carts: TableCartsReader,
    private readonly keys: TableKeys,
  ) {}

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
    if (!cart || cart.status === 'closed' || cart.status === 'none') return null;
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
      you: session
        ? (cart.diners.find((diner) => diner.dinerId === this.keys.dinerIdOf(session, cart.cartId)) ?? null)
        : null,
    };
  }
}
