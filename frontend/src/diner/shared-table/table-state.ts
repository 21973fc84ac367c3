// The shared table's state on the diner's phone (issue 34), as pure functions: which answer wins, the reader's own
// lines as the menu's cart lines, and what to ask the server when the menu changes them.
import { agorotToDecimalString } from '@tafrit/contracts/money';
import { cartLineKey } from '@tafrit/contracts/option-pricing';
import type { TableCartLine, TableSocketState, TableState } from '@tafrit/contracts/tables';
import type { CartLine } from '../cart';

/** Where a state came from: an answer to the reader's own request (its `you` is the reader), or the table's socket. */
export type StateSource = 'answer' | 'socket';

/**
 * The state to keep: within one cart the highest `version` wins (answers and socket pushes arrive in any order); a
 * different cart (the last one was paid or ended idle) replaces it whatever its version (contracts' TABLE_SOCKET),
 * unless it is older: a late push of the cart that ended never comes back. The reader (`you`) is only ever taken
 * from an answer to the reader's own request: the socket sends the same state to everyone at the table.
 */
export function nextTableState(
  current: TableState | null,
  incoming: TableState | TableSocketState,
  source: StateSource,
): TableState | null {
  const answered = source === 'answer' && 'you' in incoming ? incoming.you : undefined;
  if (!current) return answered ? { ...incoming, you: answered } : null;
  const you = answered ?? current.you;
  if (incoming.cart.cartId === current.cart.cartId) {
    if (incoming.cart.version < current.cart.version) return current;
    if (incoming.cart.version === current.cart.version && source === 'socket') return current;
    return { ...incoming, you };
  }
  if (Date.parse(incoming.cart.updatedAt) < Date.parse(current.cart.updatedAt)) return current;
  return { ...incoming, you };
}

/**
 * The table's lines as create-payment's items: one per product and choices, every diner's quantities added together,
 * as the server merges the table's cart into the order (and compares the phone's items with it).
 */
export function orderCartLines(state: TableState | null): CartLine[] {
  const lines: CartLine[] = [];
  const index = new Map<string, number>();
  for (const line of state?.cart.lines ?? []) {
    // Pay at the end (part 3): the bill is what the rounds sent (the server refuses a payment while lines are unsent).
    if (state?.tab && line.round === undefined) continue;
    const key = tableLineKey(line);
    const at = index.get(key);
    if (at === undefined) {
      index.set(key, lines.length);
      lines.push(cartLineOf(line));
    } else {
      lines[at] = { ...lines[at]!, quantity: lines[at]!.quantity + line.quantity };
    }
  }
  return lines;
}

/** Lines the reader may change: their own. Everyone else's are read-only on this phone. */
export const isOwnLine = (state: TableState, line: TableCartLine): boolean => line.dinerId === state.you.dinerId;

/** The menu's key of a table line: the product and its choices, as the private cart keys its lines. */
export const tableLineKey = (line: Pick<TableCartLine, 'productId' | 'options'>): string =>
  cartLineKey(line.productId, line.options ?? []);

/** A table line as the private cart's line (the unit price with its choices; the choices named as the menu had them). */
export function cartLineOf(line: TableCartLine): CartLine {
  const options = (line.options ?? []).map((id, index) => ({ id, name: line.optionNames?.[index] ?? '', price: 0 }));
  return {
    productId: line.productId,
    name: line.name,
    price: agorotToDecimalString(line.unitPriceAgorot),
    quantity: line.quantity,
    ...(options.length > 0 ? { options } : {}),
  };
}

/**
 * The reader's own lines as the menu counts them: one per product and choices (two of the reader's lines with the
 * same choices, from two tabs at once, read as one), each with the ids of the table lines it stands for.
 */
export function ownCartLines(state: TableState | null): { lines: CartLine[]; ids: Map<string, string[]> } {
  const lines: CartLine[] = [];
  const ids = new Map<string, string[]>();
  if (!state) return { lines, ids };
  for (const line of state.cart.lines) {
    // A line sent to the kitchen (pay at the end) is no longer the menu's to change: only the lines not sent count.
    if (!isOwnLine(state, line) || line.round !== undefined) continue;
    const key = tableLineKey(line);
    const known = ids.get(key);
    if (known) {
      known.push(line.lineId);
      const index = lines.findIndex((other) => tableLineKey(optionIdsOf(other)) === key);
      lines[index] = { ...lines[index]!, quantity: lines[index]!.quantity + line.quantity };
    } else {
      ids.set(key, [line.lineId]);
      lines.push(cartLineOf(line));
    }
  }
  return { lines, ids };
}

const optionIdsOf = (line: CartLine) => ({
  productId: line.productId,
  options: line.options?.map((option) => option.id),
});

export type LineRequest =
  | { kind: 'add'; lineId: string; productId: number; quantity: number; options?: string[] }
  | { kind: 'change'; lineId: string; quantity: number; options?: string[] }
  | { kind: 'remove'; lineId: string };

/**
 * What to ask the server so the reader's lines become `after` (the menu's change of `before`): a new product or
 * choice is added with a new line id, a changed quantity changes the reader's first line of it (or removes lines from
 * the last when it went down), a line gone is removed. Table lines of the reader not in `before` are left alone.
 */
export function lineRequests({
  before,
  after,
  ids,
  newId,
  table,
}: {
  before: readonly CartLine[];
  after: readonly CartLine[];
  ids: ReadonlyMap<string, readonly string[]>;
  newId: () => string;
  /** The quantity of each table line, by id (to share a decrease among the reader's lines of one choice). */
  table: ReadonlyMap<string, number>;
}): LineRequest[] {
  const requests: LineRequest[] = [];
  const keyOf = (line: CartLine) => tableLineKey(optionIdsOf(line));
  const was = new Map(before.map((line) => [keyOf(line), line]));
  const now = new Map(after.map((line) => [keyOf(line), line]));
  for (const [key, line] of now) {
    const options = line.options?.map((option) => option.id);
    const withOptions = options && options.length > 0 ? { options } : {};
    const lineIds = ids.get(key) ?? [];
    const previous = was.get(key);
    if (!previous || lineIds.length === 0) {
      requests.push({
        kind: 'add',
        lineId: newId(),
        productId: line.productId,
        quantity: line.quantity,
        ...withOptions,
      });
      continue;
    }
    const change = line.quantity - previous.quantity;
    if (change > 0) {
      const first = lineIds[0]!;
      requests.push({ kind: 'change', lineId: first, quantity: (table.get(first) ?? 0) + change, ...withOptions });
    } else if (change < 0) {
      let left = -change;
      for (const lineId of [...lineIds].reverse()) {
        if (left === 0) break;
        const quantity = table.get(lineId) ?? 0;
        if (quantity <= left) {
          requests.push({ kind: 'remove', lineId });
          left -= quantity;
        } else {
          requests.push({ kind: 'change', lineId, quantity: quantity - left, ...withOptions });
          left = 0;
        }
      }
    }
  }
  for (const key of was.keys()) {
    if (now.has(key)) continue;
    for (const lineId of ids.get(key) ?? []) requests.push({ kind: 'remove', lineId });
  }
  return requests;
}

/** Who is paying now (a payment on its way), for "Dana is paying": the first pending payment's name. */
export function payerOf(state: TableState | null): string | null | undefined {
  if (!state || state.cart.status !== 'paying') return undefined;
  const pending = state.payments.find((payment) => payment.status === 'pending');
  return pending?.name ?? null;
}
