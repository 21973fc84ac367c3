// Table states for the shared table's tests (issue 34).
import type { TableCartLine, TableDiner, TableState } from '@tafrit/contracts/tables';

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
  };
}
