// The split choice at a shared table (issue 34, part 2) as pure functions: the table's bill as `splitPart` reads it,
// what each choice comes to (the same rule the server charges by), and create-payment's `split` for it.
import { parsePriceToAgorot } from '@tafrit/contracts/money';
import { splitPart, SPLIT_MAX_SHARES, type SplitBill, type SplitChoice, type SplitPart } from '@tafrit/contracts/split';
import type { SplitMode, TableState } from '@tafrit/contracts/tables';
import type { PaymentSplitBody } from '../table-split';
import { isOwnLine } from './table-state';

/** What the diner picked on the cart: the mode, the number of equal parts, the amount as typed (shekels). */
export interface SplitPick {
  mode: SplitMode;
  shares: number;
  amountText: string;
}

export const SPLIT_MIN_SHARES = 2;
export const defaultPick: SplitPick = { mode: 'all', shares: 2, amountText: '' };

/**
 * The table's bill: its items (the cart's total), what others took (paid, or on a page being paid: the total less
 * what is left, once the table is paying), and the reader's own lines.
 */
export function tableBill(state: TableState): SplitBill {
  const itemsAgorot = state.cart.totalAgorot;
  const takenAgorot =
    state.cart.status === 'paying'
      ? Math.min(itemsAgorot, Math.max(0, itemsAgorot - state.leftAgorot - ownOpenAgorot(state)))
      : 0;
  const mineAgorot = state.cart.lines
    .filter((line) => isOwnLine(state, line))
    .reduce((sum, line) => sum + line.lineTotalAgorot, 0);
  return { itemsAgorot, takenAgorot, mineAgorot };
}

/**
 * The items of the reader's own page still open (they chose, and came back): the server replaces that page when they
 * choose again, so its hold is theirs to take again, not another payer's.
 */
function ownOpenAgorot(state: TableState): number {
  return state.payments
    .filter((payment) => payment.status === 'pending' && payment.dinerId === state.you.dinerId)
    .reduce((sum, payment) => sum + payment.amountAgorot - payment.tipAgorot, 0);
}

/** The shares kept within 2..50 (the +/- buttons and a typed number alike). */
export const clampShares = (shares: number): number =>
  Math.min(SPLIT_MAX_SHARES, Math.max(SPLIT_MIN_SHARES, Math.trunc(Number.isFinite(shares) ? shares : 2)));

/** The pick as `splitPart`'s choice; an amount not typed (or not a price) is 0 agorot, refused as `invalid`. */
export function choiceOf(pick: SplitPick): SplitChoice {
  switch (pick.mode) {
    case 'all':
      return { mode: 'all' };
    case 'mine':
      return { mode: 'mine' };
    case 'equal':
      return { mode: 'equal', shares: pick.shares };
    case 'amount':
      return { mode: 'amount', amountAgorot: parsePriceToAgorot(pick.amountText) ?? 0 };
  }
}

/** What a pick comes to on the table's bill, or why it cannot be paid. */
export const partOf = (pick: SplitPick, state: TableState): SplitPart => splitPart(choiceOf(pick), tableBill(state));

/** create-payment's `split` for a pick (the amount in shekels). */
export function splitBody(pick: SplitPick): PaymentSplitBody {
  const choice = choiceOf(pick);
  if (choice.mode === 'equal') return { mode: 'equal', shares: choice.shares };
  if (choice.mode === 'amount') return { mode: 'amount', amount: choice.amountAgorot / 100 };
  return { mode: choice.mode };
}

/**
 * Whether the reader may pay (a part) now: the cart has something to pay, and while the table is paying, something is
 * left that no one else is paying (an older server says 0 left while paying: one payer at a time, as before).
 */
export function canPay(state: TableState): boolean {
  if (state.cart.lines.length === 0 || state.cart.totalAgorot === 0) return false;
  if (state.cart.status !== 'paying') return true;
  return state.leftAgorot + ownOpenAgorot(state) > 0;
}

/** Whether the paying table's server says who paid and what is left (an older one lists nothing and leaves 0). */
export const tellsPayments = (state: TableState): boolean =>
  state.cart.status === 'paying' && (state.payments.length > 0 || state.leftAgorot > 0);
