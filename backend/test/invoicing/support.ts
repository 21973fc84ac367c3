import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { orderStreamId, type OrderEventData } from '@tafrit/contracts';
import { SMS_SENDER, type SmsSender } from '../../src/platform/sms/sms.port.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../../src/platform/event-store/event-store.port.js';
import type { Processor } from '../../src/platform/processing/processor.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import type { OrderCommand } from '../../src/modules/ordering/domain/order.decider.js';
import { OrderStore } from '../../src/modules/ordering/persistence/order-store.js';
import { BusinessReader } from '../../src/modules/accounts/projections/business.reader.js';
import { InvoiceLinks } from '../../src/modules/invoicing/application/invoice-links.js';
import { receiptSmsProcessor } from '../../src/modules/ordering/processors/receipt-sms.processor.js';
import { newPhone, registerOwner, type SignedInOwner } from '../support/accounts.js';
import { recordOrder, type RecordOrderOptions } from '../support/orders.js';
import type { TestApp } from '../support/test-app.js';

/**
 * What follows a payment outside its own transaction (the receipt SMS), built with the app's own store, SMS sender
 * and commands, and the invoice links of its secret. The invoice and the slip commit with the payment (decision 015).
 */
export function paymentProcessors(app: TestApp, sms: SmsSender = app.app.get<SmsSender>(SMS_SENDER)) {
  const store = app.app.get<EventStore>(EVENT_STORE);
  const links = new InvoiceLinks(app.config.jwtSecret);
  return {
    store,
    links,
    receiptSms: receiptSmsProcessor({
      database: app.database,
      orders: app.app.get(OrderStore),
      sms,
      commands: app.app.get(CommandBus),
      businesses: app.app.get(BusinessReader),
    }),
  };
}

/**
 * Registers processors on the app's runner unless a module already did (once InvoicingModule and OrderingModule wire
 * them, the app runs its own instances; ours are the same code with the same dependencies), and stops the runner's
 * background polling so each test decides when the log is processed (`runUntilIdle`).
 */
export async function takeOverRunner(app: TestApp, processors: readonly Processor[]): Promise<ProcessorRunner> {
  const runner = app.app.get(ProcessorRunner);
  await runner.stop();
  for (const processor of processors) {
    if (!runner.processorNames.includes(processor.name)) runner.register(processor);
  }
  return runner;
}

/** Delivers an event to a processor once more, as the runner would (a transaction for a projection). */
export async function deliver(app: TestApp, processor: Processor, event: RecordedEvent): Promise<void> {
  const afterCommit = (effect: () => void) => effect();
  if (processor.mode === 'projection') {
    await app.database.em().transactional((em) => processor.handle(event, { em, attempt: 1, afterCommit }));
  } else {
    await processor.handle(event, { em: app.database.em(), attempt: 1, afterCommit });
  }
}

export async function streamOf(app: TestApp, orderId: string): Promise<RecordedEvent[]> {
  return (await app.app.get<EventStore>(EVENT_STORE).readStream(orderStreamId(orderId))).events;
}

export const typesOf = (events: readonly RecordedEvent[]) => events.map((event) => event.type);

export async function paidEventOf(app: TestApp, orderId: string): Promise<RecordedEvent> {
  const paid = (await streamOf(app, orderId)).find((event) => event.type === 'OrderPaid');
  if (!paid) throw new Error(`order ${orderId} is not paid`);
  return paid;
}

export async function invoiceOf(app: TestApp, orderId: string): Promise<OrderEventData['InvoiceIssued'] | undefined> {
  const issued = (await streamOf(app, orderId)).find((event) => event.type === 'InvoiceIssued');
  return issued?.data as OrderEventData['InvoiceIssued'] | undefined;
}

export interface Cafe extends SignedInOwner {
  departmentId: string;
  nextOrderNumber(): number;
}

/** A registered business whose receipt SMS goes to its own phone unless `overrides` say otherwise. */
export async function registerCafe(app: TestApp, overrides: Record<string, unknown> = {}): Promise<Cafe> {
  const phone = newPhone().local;
  const owner = await registerOwner(app, { phone, receiptPhone: phone, ...overrides });
  const { business } = owner.answer.body.data as { business: { departmentId: string } };
  let orderNumber = 0;
  return { ...owner, departmentId: business.departmentId, nextOrderNumber: () => ++orderNumber };
}

/** A paid order of the cafe, recorded through the order aggregate. */
export function paidOrder(
  app: TestApp,
  cafe: Cafe,
  options: Partial<Omit<RecordOrderOptions, 'businessPhone' | 'departmentId'>> = {},
): Promise<{ orderId: string }> {
  return recordOrder(app, {
    businessPhone: cafe.phone,
    departmentId: cafe.departmentId,
    orderNumber: cafe.nextOrderNumber(),
    paidAt: new Date().toISOString(),
    ...options,
  });
}

/** A paid order whose provider made its own tax document with the charge (Cardcom's DocumentInfo). */
export async function paidOrderWithProviderDocument(
  app: TestApp,
  cafe: Cafe,
  document: { documentType: string; documentNumber: string; documentUrl: string | null },
): Promise<{ orderId: string }> {
  const { orderId } = await recordOrder(app, {
    businessPhone: cafe.phone,
    departmentId: cafe.departmentId,
    orderNumber: cafe.nextOrderNumber(),
  });
  const orders = app.app.get(OrderStore);
  const now = new Date().toISOString();
  const metadata = { correlationId: randomUUID(), actor: { kind: 'system' as const }, occurredAt: now };
  const run = (command: OrderCommand) => orders.execute(orderId, command, metadata);
  const lowProfileId = randomUUID();
  const { state } = await run({
    type: 'OpenPaymentPage',
    data: {
      provider: 'cardcom',
      lowProfileId,
      paymentUrl: `https://secure.cardcom.solutions/pay/${lowProfileId}`,
      terminal: 'business',
      now,
    },
  });
  if (!state.placed) throw new Error('the order was not placed');
  await run({
    type: 'RecordPayment',
    data: {
      provider: 'cardcom',
      lowProfileId,
      transactionId: String(Date.now()),
      approvalNumber: '0012345',
      last4: '4242',
      brand: 'Mastercard',
      amountAgorot: state.totalAgorot,
      document,
      invoiceUrl: new InvoiceLinks(app.config.jwtSecret).urlFor(orderId),
      now,
    },
  });
  return { orderId };
}

/** The provider's verdict arriving once more (a repeated webhook, the thank-you page's check at the same moment). */
export async function repeatPayment(app: TestApp, orderId: string) {
  const paid = (await paidEventOf(app, orderId)).data as OrderEventData['OrderPaid'];
  const now = new Date().toISOString();
  return app.app.get(OrderStore).execute(
    orderId,
    {
      type: 'RecordPayment',
      data: {
        provider: paid.provider,
        lowProfileId: paid.lowProfileId,
        transactionId: paid.transactionId,
        approvalNumber: paid.approvalNumber,
        last4: paid.last4,
        brand: paid.brand,
        amountAgorot: paid.amountAgorot,
        document: paid.document,
        invoiceUrl: new InvoiceLinks(app.config.jwtSecret).urlFor(orderId),
        now,
      },
    },
    { correlationId: 'repeat', actor: { kind: 'system', id: 'payments:sandbox' }, occurredAt: now },
  );
}
