import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { Actor, TableSocketState } from '@tafrit/contracts';
import { InTurn } from '../../../platform/async/in-turn.js';
import { violatedUniqueConstraint } from '../../../platform/database/database-errors.js';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import {
  EVENT_STORE,
  type EventStore,
  StreamVersionConflictError,
} from '../../../platform/event-store/event-store.port.js';
import { tableCartDecider, type TableCartCommand } from '../domain/table-cart.decider.js';
import { tableCartStreamId } from '../domain/table-cart.events.js';
import { BusinessTablesReader } from '../projections/business-tables.reader.js';
import { type LiveCart, TableCartsReader } from '../projections/table-carts.reader.js';
import { TablePaymentsReader } from '../projections/table-payments.reader.js';
import { TableHub } from '../realtime/table-hub.js';
import { socketStateOf } from './table-state.js';

/** Who asked (a diner's request, the idle sweep, ordering's payment) and which request it was. */
export interface TableCommandContext {
  actor: Actor;
  correlationId: string;
}

export interface TableAt {
  businessPhone: string;
  departmentId: string;
  number: number;
}

/**
 * Writers of one cart in other processes (a second server): each conflict is decided again on fresh state. Writers in
 * this process take turns (`InTurn`), so a whole table adding at once never collides here.
 */
const ATTEMPTS = 8;

/**
 * The shared carts' one way in: each command is decided on its cart's stream and appended with the version it read
 * (the inline projection writes `table_carts` in the same transaction), then the table's new state is pushed to the
 * diners at it. A cart that ended is followed at once by the table's next, empty cart, so the diners still looking at
 * the table see it start fresh (an empty cart nobody joined is never ended for idleness, so this never loops).
 */
@Injectable()
export class TableCarts {
  private readonly turns = new InTurn();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly carts: TableCartsReader,
    private readonly hub: TableHub,
    private readonly payments: TablePaymentsReader,
    private readonly tables: BusinessTablesReader,
  ) {}

  /** The table's state for everyone at it: a paying cart with its order's payments, read at `now`. */
  async stateOf(cart: LiveCart, now = new Date()): Promise<TableSocketState> {
    const [parts, tables] = await Promise.all([
      cart.status === 'paying' && cart.orderId ? this.payments.ofOrder(cart.orderId) : undefined,
      this.tables.of(cart.businessPhone),
    ]);
    const money = parts ? { parts, unpaidShareMinutes: tables.unpaidShareMinutes, now } : undefined;
    return socketStateOf(cart, money, { ...tables, now });
  }

  /** Pushes the state of the tables paying for `orderIds` (their payments moved) to the diners at them. */
  async pushPaying(orderIds: readonly string[]): Promise<void> {
    const paying = await this.carts.payingFor(orderIds);
    for (const cartId of paying.values()) await this.push(cartId);
  }

  /** Pushes a cart's state to its table when it is still the table's live cart (a closed one is the table's past). */
  async push(cartId: string, now = new Date()): Promise<void> {
    const cart = await this.carts.byId(cartId);
    if (!cart || cart.status === 'closed') return;
    this.hub.toTable(cart.businessPhone, cart.number, await this.stateOf(cart, now));
  }

  /** The table's cart that is open or paying; opened when it has none (two openers at once: one wins). */
  async liveCart(table: TableAt, context: TableCommandContext): Promise<LiveCart> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const cart = await this.carts.liveCartOf(table.businessPhone, table.number);
      if (cart) return cart;
      await this.openNext(table, context);
    }
    const cart = await this.carts.liveCartOf(table.businessPhone, table.number);
    if (!cart)
      throw new StreamVersionConflictError({ streamId: `table-${table.number}`, expected: 'no_stream', actual: 0 });
    return cart;
  }

  /** Decides `command` on the cart and answers the cart after it (the table's next one when it ended). */
  async run(cartId: string, command: TableCartCommand, context: TableCommandContext): Promise<LiveCart> {
    const events = await this.decide(cartId, command, context);
    const cart = await this.carts.byId(cartId);
    if (!cart) throw new Error(`no cart ${cartId} after its command`);
    if (events === 0) return cart;
    if (cart.status !== 'closed') {
      this.hub.toTable(cart.businessPhone, cart.number, await this.stateOf(cart));
      return cart;
    }
    const next = await this.liveCart(cart, context);
    this.hub.toTable(next.businessPhone, next.number, await this.stateOf(next));
    return cart;
  }

  private decide(cartId: string, command: TableCartCommand, context: TableCommandContext): Promise<number> {
    return this.turns.run(cartId, () => this.decideNow(cartId, command, context));
  }

  private async decideNow(cartId: string, command: TableCartCommand, context: TableCommandContext): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      try {
        const { events } = await handleCommand({
          store: this.store,
          streamId: tableCartStreamId(cartId),
          decider: tableCartDecider,
          command,
          metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: command.data.now },
        });
        return events.length;
      } catch (error) {
        if (!(error instanceof StreamVersionConflictError) || attempt >= ATTEMPTS) throw error;
        await sleep(5 + Math.floor(Math.random() * 20 * attempt));
      }
    }
  }

  private async openNext(table: TableAt, context: TableCommandContext): Promise<void> {
    const cartId = randomUUID();
    try {
      await handleCommand({
        store: this.store,
        streamId: tableCartStreamId(cartId),
        decider: tableCartDecider,
        command: {
          type: 'OpenTableCart',
          data: {
            cartId,
            businessPhone: table.businessPhone,
            departmentId: table.departmentId,
            number: table.number,
            now: new Date().toISOString(),
          },
        },
        metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: new Date().toISOString() },
      });
    } catch (error) {
      // Another diner opened the table's cart first: theirs is the table's (the caller reads it).
      if (violatedUniqueConstraint(error) !== 'table_carts_one_live_per_table') throw error;
    }
  }
}
