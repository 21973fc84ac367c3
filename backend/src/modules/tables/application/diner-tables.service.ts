import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type {
  Actor,
  TableDiner,
  TableDinerInput,
  TableLineAddInput,
  TableLineChangeInput,
  TableState,
} from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import type { TableCartCommand } from '../domain/table-cart.decider.js';
import { TablesError } from '../domain/tables.errors.js';
import type { LiveCart } from '../projections/table-carts.reader.js';
import type { OpenedTable } from './table-access.js';
import { TableCarts } from './table-carts.service.js';
import { TableKeys } from './table-keys.js';
import { TableLinePricing } from './table-line-pricing.js';

const DINER: Actor = { kind: 'diner' };

/** One diner's request at an opened table: their browser session, never shown to anyone. */
export interface DinerAtTable {
  table: OpenedTable;
  session: string;
}

/**
 * What a diner does at a shared table (issue 34): read it (joining its cart, which is opened when the table has none),
 * name themself, add, change and remove their lines, write the notes. Each answers the table's new state with the
 * reader's own `you`; the others at the table get it through the socket.
 */
@Injectable()
export class DinerTables {
  constructor(
    private readonly carts: TableCarts,
    private readonly keys: TableKeys,
    private readonly pricing: TableLinePricing,
  ) {}

  async read(at: DinerAtTable): Promise<TableState> {
    return this.act(at, (dinerId, now) => ({ type: 'JoinTable', data: { dinerId, now } }));
  }

  async name(at: DinerAtTable, { name, colour }: TableDinerInput): Promise<TableState> {
    return this.act(at, (dinerId, now) => ({ type: 'NameDiner', data: { dinerId, name, colour, now } }));
  }

  async addLine(at: DinerAtTable, input: TableLineAddInput): Promise<TableState> {
    const { productId, ...priced } = await this.pricing.price(at.table.departmentId, input);
    const line = { lineId: input.lineId, productId, ...priced };
    return this.act(at, (dinerId, now) => ({ type: 'AddLine', data: { dinerId, line, now } }));
  }

  async changeLine(at: DinerAtTable, lineId: string, input: TableLineChangeInput): Promise<TableState> {
    const cart = await this.carts.liveCart(at.table, this.context());
    const line = cart.lines.find((candidate) => candidate.lineId === lineId);
    if (!line) throw new AppError('table.line_not_found');
    if (line.dinerId !== this.dinerIdAt(at, cart)) throw new AppError('table.line_not_yours');
    const {
      productId: _productId,
      name: _name,
      ...change
    } = await this.pricing.price(at.table.departmentId, {
      productId: line.productId,
      ...input,
    });
    return this.act(at, (dinerId, now) => ({ type: 'ChangeLine', data: { dinerId, lineId, change, now } }), cart);
  }

  async removeLine(at: DinerAtTable, lineId: string): Promise<TableState> {
    return this.act(at, (dinerId, now) => ({ type: 'RemoveLine', data: { dinerId, lineId, now } }));
  }

  async setNotes(at: DinerAtTable, notes: string | null): Promise<TableState> {
    return this.act(at, (dinerId, now) => ({ type: 'SetNotes', data: { dinerId, notes, now } }));
  }

  /**
   * Runs the diner's command on the table's live cart, and answers its state with `you`. A cart that ended between the
   * read and the command (paid, idle) is the table's past: the request is decided once more on the table's new cart.
   */
  private async act(
    at: DinerAtTable,
    commandOf: (dinerId: string, now: string) => TableCartCommand,
    known?: LiveCart,
  ): Promise<TableState> {
    const context = this.context();
    for (let attempt = 0; ; attempt++) {
      const cart = attempt === 0 && known ? known : await this.carts.liveCart(at.table, context);
      const dinerId = this.dinerIdAt(at, cart);
      let after: LiveCart;
      try {
        after = await this.carts.run(cart.cartId, commandOf(dinerId, new Date().toISOString()), context);
      } catch (error) {
        if (error instanceof TablesError && error.code === 'table.cart_changed' && attempt < 2) continue;
        throw error;
      }
      // A join is implied by every act but a removal: a diner who only removed (nothing) is still shown as themself.
      const you: TableDiner = after.diners.find((diner) => diner.dinerId === dinerId) ?? {
        dinerId,
        name: '',
        colour: 'grey',
      };
      return { ...(await this.carts.stateOf(after)), you };
    }
  }

  private dinerIdAt(at: DinerAtTable, cart: LiveCart): string {
    return this.keys.dinerIdOf(at.session, cart.cartId);
  }

  private context() {
    return { actor: DINER, correlationId: randomUUID() };
  }
}
