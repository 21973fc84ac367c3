import type { EntityManager } from '@mikro-orm/postgresql';
import { lineWithChoices, type OrderItemView, type OrderLine, type PaymentMethod } from '@tafrit/contracts';
import { type OrderDocumentFacts, ordersReader } from '../../ordering/index.js';
import { type TaxDocumentRow, taxDocumentsBetween } from '../projections/tax-documents.reader.js';

/** A line as the document prints it: the unit price and the line's total include VAT (the diner's prices). */
export interface DocumentLine {
  description: string;
  quantity: number;
  unitPriceAgorot: number;
  totalAgorot: number;
  /** The line's part of the document's amount before VAT: the lines' parts add up to it to the agora. */
  beforeVatAgorot: number;
  /** A promo code's discount (issue 33): one negative line below the items; absent on the items' lines. */
  discount?: true;
}

/** A tax document with what its order adds: the lines and the payment. */
export interface BookkeepingDocument extends TaxDocumentRow {
  /** The uniform structure's codes: 320 tax invoice-receipt, 330 credit invoice. */
  typeCode: 320 | 330;
  lines: DocumentLine[];
  /** The promo code's discount on this document, VAT included, as its discount line prints it (0: none). */
  discountAgorot: number;
  orderNumber: number | null;
  tableNumber: number | null;
  payment: { method: PaymentMethod; brand: string | null; last4: string | null; paidAt: Date | null };
}

/** The words a credit of an amount (not of lines) prints as its one line. */
export const CREDIT_BY_AMOUNT_LINE = 'זיכוי לפי סכום';

/** A business's documents issued in [start, end), each with its order's lines and payment (two queries in all). */
export async function documentsBetween(
  em: EntityManager,
  businessPhone: string,
  start: Date,
  end: Date,
): Promise<BookkeepingDocument[]> {
  const rows = await taxDocumentsBetween(em, businessPhone, start, end);
  const orders = await ordersReader.documentFactsOf(em, businessPhone, [...new Set(rows.map((row) => row.orderId))]);
  return rows.map((row) => withOrder(row, orders.get(row.orderId)));
}

export function withOrder(row: TaxDocumentRow, order: OrderDocumentFacts | undefined): BookkeepingDocument {
  const saleAgorot = row.totalAgorot - row.tipAgorot;
  const printed =
    row.kind === 'credit'
      ? creditLines(row, order, saleAgorot)
      : row.partLines
        ? partLines(row.partLines, saleAgorot)
        : invoiceLines(order, saleAgorot);
  const discount = printed.find((line) => line.discount);
  return {
    ...row,
    typeCode: row.kind === 'credit' ? 330 : 320,
    lines: spreadBeforeVat(printed, row.beforeVatAgorot),
    discountAgorot: discount ? -discount.totalAgorot : 0,
    orderNumber: order?.orderNumber ?? null,
    tableNumber: order?.tableNumber ?? null,
    // A payer's document of a shared bill carries its own card, paid when it was issued (decision 056).
    payment: row.card
      ? { method: row.card.method, brand: row.card.brand, last4: row.card.last4, paidAt: row.issuedAt }
      : {
          method: order?.paymentMethod ?? 'card',
          brand: order?.cardBrand ?? null,
          last4: order?.cardLast4 ?? null,
          paidAt: order?.paidAt ?? null,
        },
  };
}

type PrintedLine = Omit<DocumentLine, 'beforeVatAgorot'>;

function lineOf(item: OrderItemView, quantity: number): PrintedLine {
  const unitPriceAgorot = Math.round(item.price * 100);
  return {
    description: lineWithChoices(
      item.name,
      (item.options ?? []).map((option) => ({
        name: option.name,
        priceAgorot: Math.round(option.price * 100),
        without: option.without,
      })),
    ),
    quantity,
    unitPriceAgorot,
    totalAgorot: unitPriceAgorot * quantity,
  };
}

/**
 * The invoice's lines are the order's. Should they not add up to the document's sale (an order row missing, which a
 * rebuild in progress could show), one line of the document's amount keeps the document's own figures whole.
 */
function invoiceLines(order: OrderDocumentFacts | undefined, saleAgorot: number): PrintedLine[] {
  const lines = withDiscount(
    order,
    (order?.items ?? []).map((item) => lineOf(item, item.quantity)),
    saleAgorot,
  );
  return addsUp(lines, saleAgorot) ? lines : [wholeLine('חשבונית מס/קבלה', saleAgorot)];
}

/** A payer's document of a shared bill (decision 056): its own lines, each at the order's price less its discount. */
function partLines(lines: readonly OrderLine[], saleAgorot: number): PrintedLine[] {
  const printed = lines.map((line) => {
    const totalAgorot = line.unitPriceAgorot * line.quantity - (line.discountAgorot ?? 0);
    const description = lineWithChoices(
      line.name,
      (line.options ?? []).map((option) => ({
        name: option.name,
        priceAgorot: option.priceAgorot,
        without: option.without,
      })),
    );
    return {
      description,
      quantity: line.quantity,
      unitPriceAgorot: Math.round(totalAgorot / line.quantity),
      totalAgorot,
    };
  });
  return addsUp(printed, saleAgorot) ? printed : [wholeLine('חשבונית מס/קבלה', saleAgorot)];
}

/**
 * An order placed with a promo code (issue 33): the items at their prices, then one negative line of the discount on
 * them, which is what the items come to less what this document's sale is (the VAT is on what was paid).
 */
function withDiscount(order: OrderDocumentFacts | undefined, lines: PrintedLine[], saleAgorot: number): PrintedLine[] {
  const discountAgorot = lines.reduce((sum, line) => sum + line.totalAgorot, 0) - saleAgorot;
  if (!order?.promoCode || discountAgorot <= 0 || lines.length === 0) return lines;
  return [...lines, { ...wholeLine(`הנחה (קוד ${order.promoCode})`, -discountAgorot), discount: true as const }];
}

function creditLines(row: TaxDocumentRow, order: OrderDocumentFacts | undefined, saleAgorot: number): PrintedLine[] {
  if (row.refundLines && order) {
    const lines = row.refundLines.flatMap((refund) => {
      const item = order.items[refund.index];
      return item ? [lineOf(item, refund.quantity)] : [];
    });
    const credited = withDiscount(order, lines, saleAgorot);
    if (addsUp(credited, saleAgorot)) return credited;
  }
  return saleAgorot > 0 ? [wholeLine(CREDIT_BY_AMOUNT_LINE, saleAgorot)] : [];
}

const addsUp = (lines: readonly PrintedLine[], saleAgorot: number) =>
  lines.length > 0 && lines.reduce((sum, line) => sum + line.totalAgorot, 0) === saleAgorot;

const wholeLine = (description: string, totalAgorot: number): PrintedLine => ({
  description,
  quantity: 1,
  unitPriceAgorot: totalAgorot,
  totalAgorot,
});

/**
 * Each line's part of the document's amount before VAT, in proportion to its total, the agorot that rounding leaves
 * given to the largest remainders: the parts add up to the document's figure exactly, as the uniform structure's
 * lines must add up to their header.
 */
export function spreadBeforeVat(lines: readonly PrintedLine[], beforeVatAgorot: number): DocumentLine[] {
  const sum = lines.reduce((total, line) => total + line.totalAgorot, 0);
  if (sum === 0) return lines.map((line) => ({ ...line, beforeVatAgorot: 0 }));
  const exact = lines.map((line) => (line.totalAgorot * beforeVatAgorot) / sum);
  const parts = exact.map(Math.floor);
  let left = beforeVatAgorot - parts.reduce((total, part) => total + part, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return lines.map((line, index) => ({ ...line, beforeVatAgorot: parts[index] ?? 0 }));
}
