import type { OrderItemView, OrderLine } from '@tafrit/contracts';
import type { PlacedOrder } from '../domain/order.decider.js';
import type { OrderRowValues } from './order-row.js';

/**
 * The order's snapshot as the `orders` row keeps it (decision 068): without the fields the row's own columns hold
 * already, which `orderSnapshotSql` puts back when the row is read. Every reader of the snapshot reads it through
 * that expression; SQL that looks into `state` reads only fields kept here (refunds, parts, tab, pickup, seller,
 * receiptSms, slipQueued, invoiceNumber).
 *
 * A field is left out only when its column gives back exactly its value: the column was written from the same state
 * by `orderRowOf`, and each entry below says how the column reads back. Anything else stays in the snapshot and wins
 * over the column: the read lays the snapshot over the columns, so a snapshot stored whole (before this decision)
 * reads as it was. The order's lines are left out the same way, all of them together, when its `items` give them
 * back (`linesFromItems`).
 */
interface Kept<Field extends string> {
  field: Field;
  column: keyof OrderRowValues;
  /**
   * How the column reads back: `text` as written where it fits the varchar's `limit` (a longer value's trailing spaces
   * are cut), `uuid` in its canonical form only, `integer` as it is, `amount` (numeric(10,2)) as agorot, `instant`
   * (timestamptz) as `toISOString` writes it (UTC, milliseconds) where it was written so.
   */
  kind: 'text' | 'uuid' | 'integer' | 'amount' | 'instant';
  limit?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An instant its timestamptz column gives back as the same text; undefined for any other text. */
function instantOf(value: string): string | undefined {
  if (!INSTANT.test(value) || value < '1000') return undefined;
  const time = Date.parse(value);
  return Number.isFinite(time) && new Date(time).toISOString() === value ? value : undefined;
}

/** A numeric(10,2) column read back as agorot (`(amount * 100)::bigint`): '12.50' is 1250. */
export function agorotOfDecimal(decimal: string): number | undefined {
  const match = /^(\d{1,8})\.(\d{2})$/.exec(decimal);
  return match ? Number(match[1]) * 100 + Number(match[2]) : undefined;
}

/** The order's fields its columns hold. */
const KEPT_IN_COLUMNS: readonly Kept<keyof PlacedOrder>[] = [
  { field: 'orderId', column: 'id', kind: 'uuid' },
  { field: 'businessPhone', column: 'business_id', kind: 'text', limit: 16 },
  { field: 'orderNumber', column: 'order_number', kind: 'integer' },
  { field: 'dinerSessionId', column: 'diner_session_id', kind: 'text', limit: 64 },
  { field: 'departmentId', column: 'department_id', kind: 'text', limit: 64 },
  { field: 'customerPhone', column: 'customer_phone', kind: 'text', limit: 16 },
  { field: 'tableNumber', column: 'table_number', kind: 'integer' },
  { field: 'status', column: 'status', kind: 'text', limit: 20 },
  { field: 'invoice', column: 'invoice_status', kind: 'text', limit: 20 },
  { field: 'invoiceUrl', column: 'invoice_url', kind: 'text', limit: 500 },
  { field: 'slip', column: 'slip_status', kind: 'text', limit: 10 },
  { field: 'totalAgorot', column: 'total_amount', kind: 'amount' },
  { field: 'commissionAgorot', column: 'commission', kind: 'amount' },
  { field: 'netAgorot', column: 'net_amount', kind: 'amount' },
  { field: 'tipAgorot', column: 'tip_amount', kind: 'amount' },
  { field: 'customerName', column: 'customer_name', kind: 'text', limit: 200 },
  { field: 'remarks', column: 'remarks', kind: 'text', limit: 500 },
  { field: 'placedAt', column: 'created_at', kind: 'instant' },
];

/** The payment's fields its columns hold (`payment_status` is 'test' or 'tab' on such orders: kept there). */
const PAYMENT_KEPT_IN_COLUMNS: readonly Kept<keyof PlacedOrder['payment']>[] = [
  { field: 'status', column: 'payment_status', kind: 'text', limit: 20 },
  { field: 'lowProfileId', column: 'cardcom_low_profile_id', kind: 'text', limit: 64 },
  { field: 'transactionId', column: 'cardcom_transaction_id', kind: 'text', limit: 64 },
  { field: 'provider', column: 'payment_provider', kind: 'text', limit: 20 },
  { field: 'last4', column: 'card_last4', kind: 'text', limit: 4 },
  { field: 'brand', column: 'card_brand', kind: 'text', limit: 40 },
  { field: 'approvalNumber', column: 'approval_number', kind: 'text', limit: 40 },
  // A test order's or a tab round's `paid_at` is its placing (`orderRowOf`), not the payment's null: kept there.
  { field: 'paidAt', column: 'paid_at', kind: 'instant' },
];

/** What the column gives back of the value written to it; undefined: not this value for certain. */
function readBack({ column, kind, limit }: Kept<string>, row: OrderRowValues): unknown {
  const value = row[column];
  if (value === null) return null;
  if (kind === 'amount') return typeof value === 'string' ? agorotOfDecimal(value) : undefined;
  if (kind === 'integer') return value;
  if (typeof value !== 'string') return undefined;
  if (kind === 'uuid') return UUID.test(value) ? value : undefined;
  if (kind === 'instant') return instantOf(value);
  return limit !== undefined && value.length <= limit ? value : undefined;
}

function without(value: object, kept: readonly Kept<string>[], row: OrderRowValues): Record<string, unknown> {
  const lean = { ...value } as Record<string, unknown>;
  for (const entry of kept) {
    const own = lean[entry.field];
    if (own !== undefined && own === readBack(entry, row)) delete lean[entry.field];
  }
  return lean;
}

/** An order's line as its item gives it back: the item holds no option's group or option id. */
export type LineOfItem = Omit<OrderLine, 'options'> & {
  options?: Omit<NonNullable<OrderLine['options']>[number], 'groupId' | 'optionId'>[];
};

/**
 * An item's price in shekels back as agorot, by the rule the SQL reads it with (`(price::numeric * 100)::bigint`);
 * undefined where that rule and this one could differ. The JSON of a price written as agorot / 100 is that decimal
 * exactly while it has at most 15 digits, so both give back the agorot it was written from; any other price (not
 * written from whole agorot, or too large) keeps the lines in the snapshot.
 */
function agorotOfPrice(price: number): number | undefined {
  const agorot = Math.round(price * 100);
  return Number.isSafeInteger(agorot) && Math.abs(agorot) < 1e15 && agorot / 100 === price ? agorot : undefined;
}

/**
 * The order's lines as its `items` column gives them back (`orderRowOf` wrote it from them): `linesOfItemsSql` in
 * TypeScript, so that the writer knows what the read will give before it leaves the lines out. Undefined: an item
 * the read could not give back as a line (a field it lacks, a price not of whole agorot).
 */
export function linesFromItems(items: readonly OrderItemView[]): LineOfItem[] | undefined {
  const lines: LineOfItem[] = [];
  for (const item of items) {
    const { productId, name, quantity, translatedName, discountAgorot } = item;
    const unitPriceAgorot = agorotOfPrice(item.price);
    // A field the item lacks reads as null in SQL, not as no field: such an item is not given back.
    if (unitPriceAgorot === undefined || productId === undefined || name === undefined || quantity === undefined) {
      return undefined;
    }
    let options: LineOfItem['options'];
    if (item.options !== undefined) {
      if (!Array.isArray(item.options)) return undefined;
      options = [];
      for (const option of item.options) {
        const priceAgorot = agorotOfPrice(option.price);
        if (priceAgorot === undefined || option.groupName === undefined || option.name === undefined) return undefined;
        if (option.without === undefined) return undefined;
        options.push({
          groupName: option.groupName,
          name: option.name,
          priceAgorot,
          without: option.without,
          ...(option.translatedName !== undefined ? { translatedName: option.translatedName } : {}),
        });
      }
    }
    lines.push({
      productId,
      name,
      unitPriceAgorot,
      quantity,
      ...(translatedName !== undefined ? { translatedName } : {}),
      ...(discountAgorot !== undefined ? { discountAgorot } : {}),
      ...(options ? { options } : {}),
    });
  }
  return lines;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

const definedKeys = (value: Record<string, unknown>): string[] =>
  Object.keys(value).filter((key) => value[key] !== undefined);

/**
 * Whether two values are stored as the same jsonb: the same keys with the same values, arrays in the same order,
 * numbers exactly. A key whose value is undefined is no key (JSON leaves it out, of a snapshot stored whole too);
 * anything JSON would change on the way (a number not finite, a class's instance) is never the same.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a === 'number') return Number.isFinite(a) && a === b;
  if (typeof a === 'string' || typeof a === 'boolean' || a === null) return a === b;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index += 1) if (!sameJson(a[index], b[index])) return false;
    return true;
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = definedKeys(a);
  return keys.length === definedKeys(b).length && keys.every((key) => sameJson(a[key], b[key]));
}

/**
 * The snapshot the row keeps of `order`, whose row `orderRowOf(order)` is. The lines go only all together: the read
 * puts back every line from `items` or none, so a single line the items cannot give back (an option's ids are never
 * in them) keeps them all.
 */
export function leanSnapshotOf(order: PlacedOrder, row: OrderRowValues): Record<string, unknown> {
  const lean: Record<string, unknown> = {
    ...without(order, KEPT_IN_COLUMNS, row),
    payment: without(order.payment, PAYMENT_KEPT_IN_COLUMNS, row),
  };
  if (sameJson(order.lines, linesFromItems(row.items))) delete lean['lines'];
  return lean;
}

const pairs = (kept: readonly Kept<string>[], alias: string): string =>
  kept
    .map(({ field, column, kind }) => {
      if (kind === 'amount') return `'${field}', (${alias}.${column} * 100)::bigint`;
      if (kind === 'instant') {
        return `'${field}', to_char(${alias}.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
      }
      return `'${field}', ${alias}.${column}`;
    })
    .join(', ');

/** `{key: the item's field}` where the item (jsonb) has the field, `{}` where it does not. */
const fieldIfThere = (item: string, key: string, value = `${item}->'${key}'`): string =>
  `case when ${item}->'${key}' is null then '{}'::jsonb else jsonb_build_object('${key}', ${value}) end`;

const agorotOfPriceSql = (item: string): string => `((${item}->>'price')::numeric * 100)::bigint`;

/**
 * The order's lines from the `items` of the row `alias`, as `linesFromItems` gives them: in the items' order, prices
 * back as agorot, a translated name, a discount and options only where the item has them. Its own rows are named
 * unlike any alias a reader gives its `orders`.
 */
const linesOfItemsSql = (alias: string): string => {
  const item = 'snapshot_item.item';
  const choice = 'snapshot_choice.choice';
  const options = `(select coalesce(jsonb_agg(
        jsonb_build_object('groupName', ${choice}->'groupName', 'name', ${choice}->'name',
          'priceAgorot', ${agorotOfPriceSql(choice)}, 'without', ${choice}->'without')
        || ${fieldIfThere(choice, 'translatedName')}
        order by snapshot_choice.ord), '[]'::jsonb)
      from jsonb_array_elements(${item}->'options') with ordinality as snapshot_choice(choice, ord))`;
  return `(select coalesce(jsonb_agg(
      jsonb_build_object('productId', ${item}->'productId', 'name', ${item}->'name',
        'unitPriceAgorot', ${agorotOfPriceSql(item)}, 'quantity', ${item}->'quantity')
      || ${fieldIfThere(item, 'translatedName')} || ${fieldIfThere(item, 'discountAgorot')}
      || ${fieldIfThere(item, 'options', options)}
      order by snapshot_item.ord), '[]'::jsonb)
    from jsonb_array_elements(${alias}.items) with ordinality as snapshot_item(item, ord))`;
};

/**
 * The order's whole snapshot from its row, as SQL of the row `alias` (`orders ${alias}`): the columns as a jsonb object
 * with the stored snapshot laid over it, the payment's columns with the snapshot's payment laid over them, and the
 * lines from `items` where the snapshot has none (read only then: a snapshot with its lines costs no more to read). An
 * expression rather than a database function, so it reads the `orders` of whatever schema the statement does (a
 * rebuild's scratch tables).
 */
export const orderSnapshotSql = (alias: string): string =>
  `case when ${alias}.state is null then null else
     jsonb_build_object(${pairs(KEPT_IN_COLUMNS, alias)})
       || case when ${alias}.state->'lines' is null then jsonb_build_object('lines', ${linesOfItemsSql(alias)})
               else '{}'::jsonb end
       || ${alias}.state
       || jsonb_build_object('payment', jsonb_build_object(${pairs(PAYMENT_KEPT_IN_COLUMNS, alias)})
            || coalesce(${alias}.state->'payment', '{}'::jsonb))
   end`;
