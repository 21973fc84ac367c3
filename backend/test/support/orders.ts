import { randomUUID } from 'node:crypto';
import { commissionAgorot, netAgorot, type OrderEventData, type OrderLine } from '@tafrit/contracts';
import { DATABASE } from '../../src/platform/database/database.module.js';
import type { Database } from '../../src/platform/database/database.js';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { InvoiceLinks } from '../../src/modules/invoicing/application/invoice-links.js';
import type { OrderCommand } from '../../src/modules/ordering/domain/order.decider.js';
import { OrderStore } from '../../src/modules/ordering/persistence/order-store.js';
import type { TestApp } from './test-app.js';

export interface RecordOrderOptions {
  businessPhone: string;
  departmentId: string;
  orderNumber: number;
  lines?: OrderLine[];
  remarks?: string | null;
  tableNumber?: number | null;
  placedAt?: string;
  /** Absent: the order stays unpaid. */
  paidAt?: string;
  dinerSessionId?: string;
  /** The business the diner asked the tax invoice for (issue 32); absent: a private diner. */
  invoiceFor?: { name: string; taxId: string };
  /** Where the diner came from (issue 33); absent: not recorded, as on orders before sources were. */
  source?: OrderEventData['OrderPlaced']['source'];
  /** A promo code's discount (decision 052): the total is the items less it; the lines carry their shares. */
  discount?: NonNullable<OrderEventData['OrderPlaced']['discount']>;
}

const DEFAULT_LINES: OrderLine[] = [
  { productId: 1, name: 'הפוך גדול', unitPriceAgorot: 1450, quantity: 2 },
  { productId: 2, name: 'קרואסון', unitPriceAgorot: 1200, quantity: 1 },
];

/**
 * Records an order (and its payment) through the order's one write path, as checkout and the webhook do, without
 * going through a payment page: for tests of what follows a payment (reports, invoices, receipts, slips).
 */
export async function recordOrder(app: TestApp, options: RecordOrderOptions): Promise<{ orderId: string }> {
  const orders = app.app.get(OrderStore);
  const business = await app.app.get<Database>(DATABASE).em().findOne(BusinessEntity, { phone: options.businessPhone });
  const seller = business
    ? {
        name: business.businessName,
        dealerNumber: business.idNumber,
        receiptPhone: business.receiptPhone ?? null,
        phone: business.phone,
        street: business.street ?? null,
        city: business.city ?? null,
      }
    : null;
  const orderId = randomUUID();
  const lines = options.lines ?? DEFAULT_LINES;
  const total =
    lines.reduce((sum, line) => sum + line.unitPriceAgorot * line.quantity, 0) - (options.discount?.agorot ?? 0);
  const placedAt = options.placedAt ?? new Date().toISOString();
  const metadata = { correlationId: randomUUID(), actor: { kind: 'diner' as const }, occurredAt: placedAt };
  const run = (command: OrderCommand) => orders.execute(orderId, command, metadata);
  await run({
    type: 'PlaceOrder',
    data: {
      orderId,
      businessPhone: options.businessPhone,
      departmentId: options.departmentId,
      orderNumber: options.orderNumber,
      lines,
      totalAgorot: total,
      commissionAgorot: commissionAgorot(total),
      netAgorot: netAgorot(total),
      remarks: options.remarks ?? null,
      tableNumber: options.tableNumber ?? null,
      dinerSessionId: options.dinerSessionId ?? 'test-session',
      customerName: null,
      customerPhone: null,
      placedAt,
      ...(seller ? { seller } : {}),
      ...(options.invoiceFor ? { invoiceFor: options.invoiceFor } : {}),
      ...(options.source ? { source: options.source } : {}),
      ...(options.discount ? { discount: options.discount } : {}),
    },
  });
  if (!options.paidAt) return { orderId };
  const lowProfileId = randomUUID();
  await run({
    type: 'OpenPaymentPage',
    data: {
      provider: 'sandbox',
      lowProfileId,
      paymentUrl: `http://127.0.0.1/pay/sandbox/${lowProfileId}`,
      terminal: 'platform',
      now: placedAt,
    },
  });
  await run({
    type: 'RecordPayment',
    data: {
      provider: 'sandbox',
      lowProfileId,
      transactionId: String(Math.floor(Math.random() * 1e9)),
      approvalNumber: '123456',
      last4: '0000',
      brand: 'Visa',
      amountAgorot: total,
      document: null,
      invoiceUrl: app.app.get(InvoiceLinks).urlFor(orderId),
      seller,
      now: options.paidAt,
    },
  });
  return { orderId };
}

/**
 * Refunds part of a paid order through the order's write path: the request and the provider's refund at `at`, as the
 * refund handlers record them, for tests of what follows a refund (commissions, payouts, platform invoices).
 */
export async function recordRefund(
  app: TestApp,
  orderId: string,
  { amountAgorot, at }: { amountAgorot: number; at: string },
): Promise<{ refundId: string }> {
  const orders = app.app.get(OrderStore);
  const refundId = randomUUID();
  const metadata = { correlationId: randomUUID(), actor: { kind: 'owner' as const }, occurredAt: at };
  await orders.execute(
    orderId,
    { type: 'RequestRefund', data: { refundId, amountAgorot, reason: 'החזר בבדיקה', now: at } },
    metadata,
  );
  await orders.execute(
    orderId,
    {
      type: 'RecordRefund',
      data: {
        refundId,
        provider: 'sandbox',
        providerRefundId: String(Math.floor(Math.random() * 1e9)),
        amountAgorot,
        creditUrl: app.app.get(InvoiceLinks).creditUrlFor(orderId, refundId),
        now: at,
      },
    },
    metadata,
  );
  return { refundId };
}
