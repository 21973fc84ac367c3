// Table states for the shared table's tests (issue 34).
import type { TableCartLine, TableDiner, TableState, TableTab } from '@tafrit/contracts/tables';

export const dana: TableDiner = { dinerId: 'diner-dana', name: 'דנה', colour: 'teal' };
export const omer: TableDiner = { dinerId: 'diner-omer', name: 'Omer', colour: 'orange' };

let lineCount = 0;
export function tableLine(line: Partial<TableCartLine> & Pick<TableCartLine, 'dinerId' | 'productId'>): TableCartLine {
  lineCount += 1;
  const quantity = line.quantity ?? 1;
  const unit = line.unitPriceAgorot ?? 1400;
  return {
    lineId: `00000000-0000-4000-8000-${String(lineCount).padStart(12, '0')}`,
    name: `מנה ${line.productId}`,
    quantity,
    unitPriceAgorot: unit,
    lineTotalAgorot: unit * quantity,
    addedAt: '2026-11-30T10:00:00.000Z',
    ...line,
  };
}

export function tableState({
  you = dana,
  lines = [],
  version = 1,
  cartId = 'cart-1',
  status = 'open',
  updatedAt = '2026-11-30T10:00:00.000Z',
  payments = [],
  notes = null,
  leftAgorot = 0,
  tab,
}: {
  you?: TableDiner;
  lines?: TableCartLine[];
  version?: number;
  cartId?: string;
  status?: 'open' | 'paying';
  updatedAt?: string;
  payments?: TableState['payments'];
  notes?: string | null;
  leftAgorot?: number;
  /** Pay at the end (part 3): the table's tab, when the café has it. */
  tab?: TableTab;
} = {}): TableState {
  return {
    number: 3,
    shared: true,
    you,
    cart: {
      cartId,
      version,
      status,
      lines,
      notes,
      diners: [dana, omer],
      totalAgorot: lines.reduce((sum, line) => sum + line.lineTotalAgorot, 0),
      orderId: status === 'paying' ? 'order-1' : null,
      orderNumber: status === 'paying' ? 101 : null,
      updatedAt,
    },
    payments,
    leftAgorot,
    ...(tab ? { tab } : {}),
  };
}

/** A tab of ₪300 (pay at the end): no card held yet unless `change` says so. */
export function tableTab(change: Partial<TableTab> = {}): TableTab {
  return {
    status: 'none',
    holdAgorot: 30000,
    holder: null,
    card: null,
    rounds: [],
    sentAgorot: 0,
    closesAt: null,
    ...change,
  };
}

/** Dana's card holds the tab, round 1 (₪28) sent at 20:15 Israel time. */
export const openTab = (change: Partial<TableTab> = {}): TableTab =>
  tableTab({
    status: 'open',
    holder: dana,
    card: { last4: '1234', brand: 'visa' },
    rounds: [
      {
        round: 1,
        orderId: 'order-r1',
        orderNumber: 140,
        dinerId: dana.dinerId,
        totalAgorot: 2800,
        sentAt: '2026-11-30T18:15:00.000Z',
      },
    ],
    sentAgorot: 2800,
    closesAt: '2026-11-30T21:15:00.000Z',
    ...change,
  });
