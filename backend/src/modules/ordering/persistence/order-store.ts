import { Inject, Injectable } from '@nestjs/common';
import type { Counter } from 'prom-client';
import { orderEventSchemaVersions, orderStreamId, type OrderEvent, type OrderEventData } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';
import type { CommandMetadata } from '../../../platform/event-store/aggregate.js';
import { StreamVersionConflictError } from '../../../platform/event-store/event-store.errors.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import { storedEvent } from '../../../platform/event-store/postgres/event-rows.js';
import { PostgresEventStore } from '../../../platform/event-store/postgres/postgres-event-store.js';
import { Metrics } from '../../../platform/metrics/metrics.js';
import { ProcessorRunner } from '../../../platform/processing/processor-runner.js';
import {
  CREDIT_NUMBER_AT_COMMIT,
  foldOrder,
  INVOICE_NUMBER_AT_COMMIT,
  orderDecider,
  type OrderCommand,
  type OrderState,
  type PlacedOrder,
  upcastOrderState,
} from '../domain/order.decider.js';
import { orderRowOf } from '../projections/order-row.js';
import { leanSnapshotOf, orderSnapshotSql } from '../projections/order-snapshot.js';
import { OrderChanges } from './order-changes.js';
import { RecentOrders } from './recent-orders.js';
import { KEEP_READY_SMS_PHONE } from './ready-sms-phones.js';
import { fallbackAppend } from './order-store.fallback.js';
import { PROMO_USED_BY_DINER, PROMO_USED_UP, type PromoUse } from './promo-uses.js';
import { AppError } from '../../../platform/http/app-error.js';
import { promoRefusalHe } from '@tafrit/contracts';

export interface LoadedOrder {
  state: OrderState;
  /** The order stream's version the state stands at (0: no such order). */
  version: number;
}

export interface OrderCommandOptions {
  /** The state the caller read in this request (one query saved); a conflict reloads it. */
  known?: LoadedOrder;
  /** PlaceOrder: the checkout's idempotency key (decision 005 §3). */
  requestKey?: string;
  /** An effect claimed in `effect_keys` that this command records as done (the receipt SMS). */
  completeEffect?: string;
  /**
   * The diner's sealed number for the ready SMS (decision 033): kept in `ready_sms_phones` by the same statement as
   * the append (one round trip, one transaction), only when something was appended and no earlier checkout was found.
   */
  readySmsPhoneSealed?: string;
  /** PlaceOrder with a promo code (issue 33): its use, taken by the same statement as the order or refused. */
  promoUse?: PromoUse;
}

export interface OrderCommandResult {
  events: RecordedEvent[];
  state: OrderState;
  version: number;
  /** PlaceOrder: the same checkout's earlier order, found by its key; nothing was appended. */
  existingOrderId?: string;
}

interface AppendRow {
  existing_order_id: string | null;
  stream_version: number | null;
  global_position: string | null;
  transaction_id: string | null;
  recorded_at: string | null;
  invoice_number: string | null;
}

const LOAD = preparedStatement<{ state: OrderState | null; stream_version: number }>(
  'order_load',
  `select ${orderSnapshotSql('o')} as state, stream_version from orders o where id = $1`,
);
const APPEND = preparedStatement<AppendRow>(
  'order_append',
  'select * from order_append($1::uuid, $2::int, $3::jsonb, $4::jsonb, $5::jsonb, $6::text, $7::text, $8::text)',
);

/**
 * `order_append` with the diner's number kept in the same statement: the insert runs only when the append stored the
 * order (not when the checkout's key found an earlier one), and a refused append takes it back with it.
 */
const APPEND_KEEPING_PHONE = preparedStatement<AppendRow>(
  'order_append_ready_sms',
  `with appended as (
     select * from order_append($1::uuid, $2::int, $3::jsonb, $4::jsonb, $5::jsonb, $6::text, $7::text, $8::text)
   ), kept as (
     insert into ready_sms_phones (order_id, business_id, phone_sealed)
     select $1::uuid, $9::text, $10::text where not exists (select 1 from appended where existing_order_id is not null)
     on conflict (order_id) do update set phone_sealed = excluded.phone_sealed, created_at = now()
   )
   select * from appended`,
);

/** SQLSTATE raised by `order_append` when the order is no longer at the expected version. */
const ORDER_MOVED = 'TF409';
const ATTEMPTS = 4;

/**
 * The one write path of the order aggregate (decision 015): a command reads the order's state in one query (the
 * `orders` row's snapshot with its stream version), the pure decider decides, and `order_append` stores the events,
 * the row and its snapshot, the payment pages, the idempotency key and the invoice number in one round trip and one
 * transaction. A conflict (another writer moved the order) is retried on fresh state with a short random backoff;
 * after the last attempt it is a `StreamVersionConflictError` (409). Nothing is lost or written twice: the version
 * check and the unique (stream, version) of the log guard every append.
 *
 * With the log in KurrentDB (EVENTSTORE_URL) the same commands go through the event store port instead, and the
 * read models follow the append as decision 011 says.
 */
@Injectable()
export class OrderStore {
  private readonly sqlLog: boolean;
  private readonly paid: { orders: Counter; agorot: Counter };

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly runner: ProcessorRunner,
    private readonly changes: OrderChanges,
    private readonly recent: RecentOrders,
    metrics: Metrics,
  ) {
    this.sqlLog = store instanceof PostgresEventStore;
    // Counted where every order's payment is stored (a card page, a shared bill's last part, a tab's charge), once:
    // a repeated webhook decides nothing and appends nothing.
    this.paid = {
      orders: metrics.counter({ name: 'tafrit_orders_paid_total', help: 'Orders paid, recorded by this instance' }),
      agorot: metrics.counter({
        name: 'tafrit_orders_paid_agorot_total',
        help: 'What the paid orders came to (items and tips), in agorot, recorded by this instance',
      }),
    };
  }

  async load(orderId: string): Promise<LoadedOrder> {
    const [row] = await this.database.run(LOAD, [orderId]);
    if (!row) return { state: orderDecider.initialState(), version: 0 };
    if (row.state) return this.remembered({ state: upcastOrderState(row.state), version: Number(row.stream_version) });
    // An order written before its row kept a snapshot: folded once; its next command stores one.
    const stream = await this.store.readStream(orderStreamId(orderId));
    return this.remembered({ state: foldOrder(stream.events), version: stream.version });
  }

  private remembered(loaded: LoadedOrder): LoadedOrder {
    this.recent.remember(loaded.state, loaded.version);
    return loaded;
  }

  /**
   * Decides `command` on the order's current state and stores what it decided. A list of commands is decided one
   * after the other on the evolving state and stored together (a new order with its first payment page).
   */
  async execute(
    orderId: string,
    command: OrderCommand | readonly OrderCommand[],
    metadata: CommandMetadata,
    options: OrderCommandOptions = {},
  ): Promise<OrderCommandResult> {
    // The state this process committed last is as good as the row unless another instance moved the order since;
    // then the append refuses it (the expected version) and the command is decided again on the row.
    let known = options.known ?? this.recent.get(orderId);
    for (let attempt = 1; ; attempt++) {
      const handed = known !== undefined;
      const current = known ?? (await this.load(orderId));
      known = undefined;
      try {
        return await this.decideAndAppend(orderId, current, command, metadata, options);
      } catch (error) {
        // A refusal decided on a state the caller handed in may be a refusal of the past: decide again on the row.
        if (handed && !isConflict(error)) {
          const fresh = await this.load(orderId);
          if (fresh.version !== current.version) {
            known = fresh;
            continue;
          }
        }
        if (!isConflict(error)) throw error;
        if (attempt >= ATTEMPTS) {
          const actual = (await this.load(orderId)).version;
          throw new StreamVersionConflictError({ streamId: orderStreamId(orderId), expected: current.version, actual });
        }
        // Writers of one order rarely collide (a webhook and the diner's page at the same moment): a little jitter
        // keeps them from colliding again.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
      }
    }
  }

  private async decideAndAppend(
    orderId: string,
    current: LoadedOrder,
    command: OrderCommand | readonly OrderCommand[],
    metadata: CommandMetadata,
    options: OrderCommandOptions,
  ): Promise<OrderCommandResult> {
    const decided: OrderEvent[] = [];
    let state = current.state;
    for (const one of Array.isArray(command) ? command : [command as OrderCommand]) {
      const events = orderDecider.decide(one, state);
      state = events.reduce((folded, event) => orderDecider.evolve(folded, event), state);
      decided.push(...events);
    }
    if (decided.length === 0) return { events: [], state: current.state, version: current.version };
    if (!state.placed) throw new Error(`order ${orderId} has no OrderPlaced`);
    const newEvents = decided.map((event) => ({
      type: event.type,
      data: event.data,
      metadata: { ...metadata, schemaVersion: orderEventSchemaVersions[event.type] ?? 1 },
    }));
    const numbered = decided.some(
      (event) =>
        (event.type === 'InvoiceIssued' || event.type === 'InvoiceAwaitingAllocation') &&
        event.data.invoiceNumber === INVOICE_NUMBER_AT_COMMIT,
    );
    const credited = decided.some(
      (event) => event.type === 'CreditIssued' && event.data.creditNumber === CREDIT_NUMBER_AT_COMMIT,
    );

    if (!this.sqlLog) {
      const appended = await fallbackAppend(this.database, this.store, {
        orderId,
        expected: current.version,
        events: newEvents,
        numberInvoiceOf: numbered ? state.businessPhone : null,
        numberCreditOf: credited ? state.businessPhone : null,
        requestKey: options.requestKey,
        completeEffect: options.completeEffect,
        promoUse: current.version === 0 ? options.promoUse : undefined,
      }).catch(promoRefused);
      if (appended.existingOrderId) return { ...appended, events: [], state: current.state };
      if (options.readySmsPhoneSealed) {
        await this.database.run(KEEP_READY_SMS_PHONE, [orderId, state.businessPhone, options.readySmsPhoneSealed]);
      }
      return this.committed(orderId, appended.events, current.version);
    }

    const streamId = orderStreamId(orderId);
    // The events as the log keeps them (decisions 066 and 067), the same as the store's own insert would store.
    const stored = newEvents.map((event) => storedEvent(event, streamId));
    const row = orderRowOf(state);
    const values = [
      orderId,
      current.version,
      JSON.stringify(stored),
      // The snapshot without what the row's columns hold (decision 068): `orderSnapshotSql` reads it back whole.
      JSON.stringify(leanSnapshotOf(state, row)),
      JSON.stringify(options.promoUse && current.version === 0 ? { ...row, promo_use: options.promoUse } : row),
      options.requestKey ?? null,
      numbered ? state.businessPhone : null,
      options.completeEffect ?? null,
    ];
    const rows = await (
      options.readySmsPhoneSealed
        ? this.database.run(APPEND_KEEPING_PHONE, [...values, state.businessPhone, options.readySmsPhoneSealed])
        : this.database.run(APPEND, values)
    ).catch(promoRefused);
    const existing = rows[0]?.existing_order_id;
    if (existing) return { events: [], state: current.state, version: current.version, existingOrderId: existing };
    const recorded: RecordedEvent[] = rows
      .map((row, index): RecordedEvent => {
        const event = newEvents[index]!;
        // The invoice number the store took (decision 015) is in the stored event; the rest is what was decided.
        // So is a credit document's (migration 20261126000200 answers it in the same column).
        const data =
          (event.type === 'InvoiceIssued' || event.type === 'InvoiceAwaitingAllocation') && row.invoice_number
            ? { ...(event.data as object), invoiceNumber: row.invoice_number }
            : event.type === 'CreditIssued' && row.invoice_number
              ? { ...(event.data as object), creditNumber: row.invoice_number }
              : event.data;
        return {
          ...event,
          data,
          streamId,
          streamVersion: Number(row.stream_version),
          globalPosition: row.global_position!,
          transactionId: row.transaction_id!,
          recordedAt: row.recorded_at!,
        };
      })
      .sort((a, b) => a.streamVersion - b.streamVersion);
    state = recorded.reduce(
      (folded, event) => orderDecider.evolve(folded, event as unknown as OrderEvent),
      current.state,
    ) as PlacedOrder;
    return this.announce(recorded, state, current.version + recorded.length);
  }

  private committed(orderId: string, events: RecordedEvent[], from: number): Promise<OrderCommandResult> {
    return this.load(orderId).then(({ state }) => this.announce(events, state, from + events.length));
  }

  /** After the commit: processors that handle these events look at once; a diner waiting on the order is answered. */
  private announce(events: RecordedEvent[], state: OrderState, version: number): OrderCommandResult {
    for (const event of events) {
      if (event.type === 'OrderPaid') {
        this.paid.orders.inc();
        this.paid.agorot.inc((event.data as OrderEventData['OrderPaid']).amountAgorot);
      }
      // A payer's part's page (issue 34) is found by the same webhook path as the order's.
      if (event.type !== 'PaymentPageOpened' && event.type !== 'PartPageOpened') continue;
      const page = event.data as OrderEventData['PaymentPageOpened'];
      this.recent.rememberPage(page.lowProfileId, {
        orderId: page.orderId,
        provider: page.provider,
        terminal: page.terminal,
        businessPhone: page.businessPhone,
      });
    }
    this.recent.remember(state, version);
    this.runner.wake(events);
    this.changes.publish(events);
    return { events, state, version };
  }
}

/** The store refused a promo code's use (another diner took the last one meanwhile): the diner's 409, its reason. */
function promoRefused(error: unknown): never {
  const code = (error as { code?: unknown })?.code;
  if (code === PROMO_USED_UP || code === PROMO_USED_BY_DINER) {
    const reason = code === PROMO_USED_UP ? 'used_up' : 'already_used';
    throw new AppError('order.promo_invalid', { fields: { promoCode: promoRefusalHe(reason) }, data: { reason } });
  }
  throw error;
}

function isConflict(error: unknown): boolean {
  if (error instanceof StreamVersionConflictError) return true;
  if ((error as { code?: unknown })?.code === ORDER_MOVED) return true;
  // A second PlaceOrder of the same id: the order's row refuses it (its append waited on the stream's lock).
  return (error as { constraint?: unknown })?.constraint === 'orders_pkey';
}
