// The payer's split at a shared table (issue 34, part 2), chosen in the table's cart (the shared table's chunk) and
// read by the checkout: what create-payment's `split` says, and the part of the items it came to on the phone. Held in
// memory only: a checkout opened cold at a table pays "all that is left", the server's default.
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

export function setTableSplit(departmentId: string, split: TableSplit | null): void {
  if (split) chosen.set(departmentId, split);
  else chosen.delete(departmentId);
}

export function tableSplit(departmentId: string): TableSplit | undefined {
  return chosen.get(departmentId);
}
