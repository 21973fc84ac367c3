import type { TableCartState } from './table-cart.decider.js';

// Pay at the end (issue 34, part 3, decision 058): what a table's cart keeps of its tab.

/** A round of the tab as the cart keeps it: its order, who sent it, its lines and what they came to. */
export interface CartRound {
  round: number;
  orderId: string;
  orderNumber: number;
  dinerId: string;
  lineIds: string[];
  totalAgorot: number;
  sentAt: string;
}

/** Pay at the end (decision 058): the card held for the tab (or whose page is open) and the rounds sent. */
export interface CartTab {
  hold: {
    status: 'holding' | 'held';
    dinerId: string;
    lowProfileId: string;
    holdAgorot: number;
    last4: string | null;
    brand: string | null;
    at: string;
  } | null;
  rounds: CartRound[];
}

export const emptyCartTab = (): CartTab => ({ hold: null, rounds: [] });

/** A hold page left open this long without a verdict is taken as abandoned: another diner may open theirs. */
export const HOLD_PAGE_MS = 15 * 60 * 1000;

/** What the tab's sent rounds come to (the bill at the end). */
export const sentAgorotOf = (tab: CartTab): number => tab.rounds.reduce((sum, round) => sum + round.totalAgorot, 0);

/**
 * What the table's paying order bills: the whole cart, or on a tab (decision 058) what its rounds sent (a line left
 * unsent never reached the kitchen and is not owed).
 */
export const billAgorotOf = (cart: Pick<TableCartState, 'lines' | 'tab' | 'status'>): number =>
  cart.status === 'paying' && cart.tab.rounds.length > 0
    ? sentAgorotOf(cart.tab)
    : cart.lines.reduce((sum, line) => sum + line.lineTotalAgorot, 0);
