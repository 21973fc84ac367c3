// The payer's split at a shared table (issue 34, part 2), chosen in the table's cart (the shared table's chunk) and
// read by the checkout: what create-payment's `split` says, and the part of the items it came to on the phone. Kept for
// the tab (sessionStorage), so a checkout opened again after a failed payment page pays the same part; a checkout
// opened with none pays "all that is left", the server's default.
import type { SplitMode } from '@tafrit/contracts/tables';
import type { Agorot } from './money';

/** create-payment's `split` (the contracts' paymentSplitSchema): `amount` in shekels. */
export interface PaymentSplitBody {
  mode: SplitMode;
  shares?: number;
  amount?: number;
}

export interface TableSplit {
  split: PaymentSplitBody;
  /** The payer's part of the items before their tip, as `splitPart` computed it on the table's bill. */
  partAgorot: Agorot;
  /** Read the table's state again (after the server refused the split). */
  refresh?: () => void;
}

const chosen = new Map<string, TableSplit>();
const storageKey = (departmentId: string) => `tableSplit_${departmentId}`;

export function setTableSplit(departmentId: string, split: TableSplit | null): void {
  if (split) chosen.set(departmentId, split);
  else chosen.delete(departmentId);
  try {
    if (split) {
      const { split: body, partAgorot } = split;
      sessionStorage.setItem(storageKey(departmentId), JSON.stringify({ split: body, partAgorot }));
    } else sessionStorage.removeItem(storageKey(departmentId));
  } catch {
    // No storage (a private mode): the choice lives as long as the page.
  }
}

export function tableSplit(departmentId: string): TableSplit | undefined {
  const held = chosen.get(departmentId);
  if (held) return held;
  try {
    const kept = JSON.parse(sessionStorage.getItem(storageKey(departmentId)) ?? 'null') as Partial<TableSplit> | null;
    const mode = kept?.split?.mode;
    if (
      kept &&
      Number.isSafeInteger(kept.partAgorot) &&
      (mode === 'all' || mode === 'mine' || mode === 'equal' || mode === 'amount')
    ) {
      return { split: kept.split!, partAgorot: kept.partAgorot! };
    }
  } catch {
    // Nothing kept, or not readable: all that is left.
  }
  return undefined;
}
