// The body of `POST /api/cardcom/create-payment` built from the cart: the lines, the diner's tip and payment method, and
// the table and remarks kept on the device. The commission and net are the client's preview only.
import { agorotToDecimalString, commissionAgorot, netAgorot } from '@tafrit/contracts/money';
import type { CreatePaymentRequest } from '@tafrit/contracts/http/ordering.schemas';
import type { InvoiceFor } from '@tafrit/contracts/invoice-for';
import { dinerSessionId } from '@/lib/storage';
import { loadRemarks, loadTable, type CartLine } from './cart';
import { joinedTable } from './table-secret';
import { orderSource } from './order-source';
import { tipBody, type TipPick } from './payment-choice';
import { priceToAgorot, type Agorot } from './money';
import type { PaymentSplitBody } from './table-split';

/** The body of `POST /api/cardcom/create-payment` (the contracts' createPaymentSchema; only its type is imported). */
export type PaymentRequestBody = CreatePaymentRequest;

const MAX_TABLE = 9999;

/** The table of the QR code as the order's table number; a table that is no number (a bar seat "A") is not sent. */
function tableNumberOf(table: string | undefined): number | null {
  if (!table || !/^\d{1,4}$/.test(table)) return null;
  const number = Number(table);
  return number >= 1 && number <= MAX_TABLE ? number : null;
}

const decimal = (price: string | number) => agorotToDecimalString(priceToAgorot(price) ?? 0);

/**
 * The request for a payment of `amount` (the total the diner was shown) for these lines. The commission and net are
 * the client's preview only: the server computes its own.
 */
export function paymentRequest({
  departmentId,
  businessName,
  lines,
  amount,
  tip,
  method,
  readySmsPhone,
  invoiceFor,
  promoCode,
  pickupAt,
  split,
}: {
  departmentId: string;
  businessName: string;
  lines: readonly CartLine[];
  /** The items and the tip: what the diner was shown. */
  amount: Agorot;
  tip?: TipPick;
  method?: 'card' | 'bit';
  /** Given before the order's first request (a tip or Bit was still to choose). */
  readySmsPhone?: string | null;
  /** The business the tax invoice is made out to, as the contracts' schema checked it (issue 32). */
  invoiceFor?: InvoiceFor | null;
  /** The promo code the cart's check accepted (issue 33): `amount` is then after its discount. */
  promoCode?: string | null;
  /** Order ahead (issue 33): a slot's `at` exactly as the menu gave it; absent: as soon as possible. */
  pickupAt?: string;
  /** At a shared table (issue 34): the payer's part; `amount` is then the part and the tip. */
  split?: PaymentSplitBody | undefined;
}): PaymentRequestBody {
  const tipped = tip ? tipBody(tip) : undefined;
  const total = agorotToDecimalString(amount);
  const remarks = loadRemarks(departmentId).trim();
  // At a shared table (issue 34) the lines are the table's, and the server checks them against the table's cart.
  const table = joinedTable(departmentId);
  return {
    businessId: departmentId,
    amount: total,
    productName: `${businessName} - הזמנה`,
    returnValue: departmentId,
    cartData: {
      items: lines.map((line) => ({
        productId: line.productId,
        name: line.name,
        price: decimal(line.price),
        quantity: line.quantity,
        // Every choice, by id (the server reprices them); a line without choices sends none.
        ...(line.options ? { options: line.options.map((option) => option.id) } : {}),
      })),
      totalAmount: total,
      commission: agorotToDecimalString(commissionAgorot(amount)),
      netAmount: agorotToDecimalString(netAgorot(amount)),
      remarks: remarks || null,
      sessionId: dinerSessionId.ensure(),
      tableNumber: tableNumberOf(loadTable(departmentId)),
    },
    orderItems: lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      price: decimal(line.price),
      // The provider's invoice line names the choices too.
      description: (line.options ?? []).map((option) => option.name).join(', '),
    })),
    customerInfo: {},
    ...(tipped ? { tip: tipped } : {}),
    ...(method === 'bit' ? { paymentMethod: 'bit' as const } : {}),
    ...(readySmsPhone ? { readySmsPhone } : {}),
    ...(invoiceFor ? { invoiceFor: { name: invoiceFor.name, taxId: invoiceFor.taxId } } : {}),
    // Where the diner came from (issue 33), as the menu's address told it.
    source: orderSource(departmentId),
    ...(promoCode ? { promoCode } : {}),
    ...(pickupAt ? { pickupAt } : {}),
    ...(table ? { table } : {}),
    ...(table && split ? { split } : {}),
  };
}
