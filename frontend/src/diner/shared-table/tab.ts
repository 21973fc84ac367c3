// Pay at the end at a shared table (issue 34, part 3) as pure functions: which lines the kitchen has, what the next
// round comes to, what is left of the card hold, and why a round or the payment cannot go yet.
import type { TableCartLine, TableState, TableTab } from '@tafrit/contracts/tables';

/** A line a round sent to the kitchen: neither changed nor removed any more. */
export const isSentLine = (line: TableCartLine): boolean => line.round !== undefined;

/** The table's tab, when the café has pay at the end (undefined: it does not). */
export const tabOf = (state: TableState | null): TableTab | undefined => state?.tab;

export const unsentLines = (state: TableState): TableCartLine[] => state.cart.lines.filter((line) => !isSentLine(line));

/** What the lines not sent yet come to: the next round. */
export const unsentAgorot = (state: TableState): number =>
  unsentLines(state).reduce((sum, line) => sum + line.lineTotalAgorot, 0);

/** What the hold still covers: the hold less what the rounds sent so far come to (never below 0). */
export const roomAgorot = (tab: TableTab): number => Math.max(0, tab.holdAgorot - tab.sentAgorot);

/** Why the next round cannot be sent now (null: it can; `hold`: a card hold is asked for first). */
export type SendBlock = 'nothing' | 'paying' | 'holding' | 'hold' | 'over_hold';

export function sendBlock(state: TableState): SendBlock | null {
  const tab = state.tab;
  if (!tab) return 'nothing';
  if (state.cart.status === 'paying') return 'paying';
  if (tab.status === 'holding') return 'holding';
  if (tab.status === 'none') return 'hold';
  const next = unsentAgorot(state);
  if (unsentLines(state).length === 0) return 'nothing';
  if (next > roomAgorot(tab)) return 'over_hold';
  return null;
}

/** At a table with a tab, the bill is what was sent: paying waits while lines are not sent yet. */
export const paysAfterSending = (state: TableState): boolean =>
  state.tab !== undefined && state.cart.status === 'open' && unsentLines(state).length > 0;

/** The reader is the diner whose card the tab holds (only they may charge it). */
export const holdsTheCard = (state: TableState): boolean =>
  state.tab?.status === 'open' && state.tab.holder?.dinerId === state.you.dinerId;

/**
 * What charging the held card takes: what is left to pay while the table is paying, or everything sent while nobody
 * pays yet.
 */
export const chargeAgorot = (state: TableState): number =>
  state.cart.status === 'paying' ? state.leftAgorot : (state.tab?.sentAgorot ?? 0);

/** The hold page's end, brought back on the table's menu address (`&hold=ok` or `&hold=failed`). */
export type HoldReturn = 'ok' | 'failed';

export function holdReturnOf(search: string): HoldReturn | null {
  const hold = new URLSearchParams(search).get('hold');
  return hold === 'ok' || hold === 'failed' ? hold : null;
}

/** The address without its `hold` (read once: a reload does not say it again). */
export function withoutHold(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('hold');
  return url.href;
}
