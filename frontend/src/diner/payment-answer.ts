// The answer of `POST /api/cardcom/create-payment` read as what the checkout shows: the payment page (framed, or Bit's in
// the whole window), a new total to confirm, items gone, ordering closed, or an error in the diner's language.
import { parsePriceToAgorot } from '@tafrit/contracts/money';
import type { CreatePaymentFailure, CreatePaymentSuccess, RepricedLine } from '@tafrit/contracts/ordering-types';
import { cartLineKey } from '@tafrit/contracts/option-pricing';
import { lastOrder } from '@/lib/storage';
import type { InvoiceFor } from '@tafrit/contracts/invoice-for';
import type { TipPick } from './payment-choice';
import type { PaymentRequestBody } from './payment-request';
import type { Agorot } from './money';
import { heErrors, type ErrorStrings } from './error-text';
import { framable, frameUrl } from './payment-frame';

/** What one request for a payment page ended in. */
export type PaymentOutcome =
  | { kind: 'frame'; url: string }
  /** Bit (issue 17): its page is opened in the whole window, never framed. */
  | { kind: 'redirect'; url: string }
  /** `items` null when the server's total differed without a list of lines (the cart is then left as it is). */
  | { kind: 'price-changed'; total: Agorot; items: RepricedLine[] | null }
  | { kind: 'unavailable'; productIds: number[] }
  /** Ordering closed since the menu was read (hours, a pause): when it opens again, if known. */
  | { kind: 'closed'; opensAt: string | null }
  | { kind: 'error'; message: string; detail: string | null; fields: string[] }
  /** A page this address may not frame (the server's CSP): opened on another address than the payment page's. */
  | { kind: 'elsewhere'; origin: string }
  /** A shared table's split the server refused (issue 34): its reason (`SplitRefusal`) and its Hebrew message. */
  | { kind: 'split-refused'; reason: string | null; message: string | null };

type Answer = Partial<Omit<CreatePaymentSuccess, 'success'> & Omit<CreatePaymentFailure, 'success'>> & {
  success?: boolean;
};

function isRepricedLine(value: unknown): value is RepricedLine {
  const line = value as Partial<RepricedLine> | null;
  return (
    typeof line === 'object' &&
    line !== null &&
    typeof line.productId === 'number' &&
    typeof line.name === 'string' &&
    typeof line.price === 'string' &&
    parsePriceToAgorot(line.price) !== null &&
    typeof line.quantity === 'number'
  );
}

/**
 * A repriced line's cart line. Its options, once the server sends them (ids, or chosen options with `optionId`), name
 * the line; a line without them is the product's line without choices.
 */
export function repricedKey(item: RepricedLine & { options?: unknown }): string {
  const ids = Array.isArray(item.options)
    ? item.options.map((option: unknown) =>
        typeof option === 'string' ? option : String((option as { optionId?: unknown } | null)?.optionId),
      )
    : [];
  return cartLineKey(item.productId, ids);
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * The server's answer as an outcome (spec §8 for the messages). `amount` is what was asked to be charged. `errors`:
 * the words of the diner's language; the envelope's own text is Hebrew, so another language words the error by its
 * code instead (and leaves out the fields' Hebrew messages).
 */
export function readPaymentAnswer(
  status: number,
  answer: Answer | null,
  amount: Agorot,
  errors: ErrorStrings = heErrors,
): PaymentOutcome {
  const serverText = (value: unknown) => (errors.serverTextReadable ? text(value) : null);
  const data = answer?.data as Record<string, unknown> | undefined;
  if (answer?.code === 'order.price_changed' && data) {
    const total = typeof data.totalAmount === 'string' ? parsePriceToAgorot(data.totalAmount) : null;
    // The server's tip on the new items (a percent follows them), charged with them.
    const tip = typeof data.tipAmount === 'string' ? (parsePriceToAgorot(data.tipAmount) ?? 0) : 0;
    const items = Array.isArray(data.items) && data.items.every(isRepricedLine) ? data.items : null;
    // A promo code's discount as repriced now (issue 33), taken off the items.
    const discount = typeof data.discountAmount === 'string' ? (parsePriceToAgorot(data.discountAmount) ?? 0) : 0;
    if (total !== null) return { kind: 'price-changed', total: total - discount + tip, items };
  }
  // A shared table's bill moved since the phone computed the part (issue 34): the new part and tip, to confirm.
  if (answer?.code === 'table.share_changed' && typeof data?.amount === 'string') {
    const total = parsePriceToAgorot(data.amount);
    if (total !== null) return { kind: 'price-changed', total, items: null };
  }
  if (answer?.code === 'table.split_refused') {
    return {
      kind: 'split-refused',
      reason: typeof data?.reason === 'string' ? data.reason : null,
      message: text(answer.message) ?? text(answer.error),
    };
  }
  if (answer?.code === 'order.items_unavailable' && Array.isArray(data?.unavailableProductIds)) {
    const productIds = data.unavailableProductIds.filter((id): id is number => typeof id === 'number');
    return { kind: 'unavailable', productIds };
  }
  // An answer with a reason is no server failure (spec §8): the diner reads why, in their language, and when.
  if (answer?.code === 'business.ordering_closed') {
    const opensAt = typeof data?.opensAt === 'string' && !Number.isNaN(Date.parse(data.opensAt)) ? data.opensAt : null;
    return { kind: 'closed', opensAt };
  }
  if (status < 200 || status >= 300) {
    return {
      kind: 'error',
      message: errors.server(status),
      detail:
        serverText(answer?.error) ?? serverText(answer?.message) ?? (answer?.code ? errors.message(answer.code) : null),
      fields: errors.serverTextReadable
        ? Object.values(answer?.fields ?? {}).filter((field) => typeof field === 'string')
        : [],
    };
  }
  const url = frameUrl(answer?.paymentUrl);
  if (answer?.success !== true || !url) {
    return { kind: 'error', message: serverText(answer?.error) ?? errors.paymentCreate, detail: null, fields: [] };
  }
  // The frame charges the server's total: one the diner has not seen is shown to them first, never framed.
  const charged = typeof answer.totalAmount === 'string' ? parsePriceToAgorot(answer.totalAmount) : null;
  if (charged !== null && charged !== amount) return { kind: 'price-changed', total: charged, items: null };
  if (answer.redirect === true) return { kind: 'redirect', url };
  // The server builds the sandbox's page for the address this page was opened at, when it listens there; at an
  // address it does not know (a proxy's name, say), the frame would show the browser's English "blocked" box.
  if (!framable(url)) return { kind: 'elsewhere', origin: new URL(url).origin };
  return { kind: 'frame', url };
}

/** One POST; never throws. A payment page that opened is remembered as the department's last order. */
export async function createPayment(
  body: PaymentRequestBody,
  amount: Agorot,
  errors: ErrorStrings = heErrors,
): Promise<PaymentOutcome> {
  let outcome: PaymentOutcome;
  let answer: Answer | null;
  try {
    const response = await fetch('/api/cardcom/create-payment', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    answer = (await response.json().catch(() => null)) as Answer | null;
    outcome = readPaymentAnswer(response.status, answer, amount, errors);
  } catch {
    return { kind: 'error', message: errors.paymentSystem, detail: null, fields: [] };
  }
  if ((outcome.kind === 'frame' || outcome.kind === 'redirect') && typeof answer?.orderId === 'string') {
    lastOrder.set(body.businessId, { orderId: answer.orderId, orderNumber: answer.orderNumber });
  }
  return outcome;
}

/** One attempt at a payment: a visit of the screen, a retry, or the diner's yes to a new total. */
export interface Attempt {
  amount: Agorot;
  tip?: TipPick;
  method?: 'card' | 'bit';
  /** The business the tax invoice is made out to (issue 32); absent or null: none. */
  invoiceFor?: InvoiceFor | null;
  /** The promo code the cart's check accepted (issue 33); absent or null: none. */
  promoCode?: string | null;
  /** Order ahead (issue 33): the chosen slot's `at`; absent: as soon as possible. */
  pickupAt?: string;
}

// React runs a screen's effects twice in development (StrictMode): both runs see the same attempt object and share
// its one request. A new attempt is a new object, so a new visit or a retry asks again.
export const requests = new WeakMap<Attempt, Promise<PaymentOutcome>>();

export function requestOnce(
  attempt: Attempt,
  body: () => PaymentRequestBody,
  errors: ErrorStrings,
): Promise<PaymentOutcome> {
  let request = requests.get(attempt);
  if (!request) {
    request = createPayment(body(), attempt.amount, errors);
    requests.set(attempt, request);
  }
  return request;
}
