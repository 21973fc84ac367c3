import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  agorotToDecimalString,
  cartLineKey,
  orderLineKey,
  maxTipAgorot,
  shareLineOf,
  splitRefusalHe,
  tipAgorotOf,
  type OrderLine,
  type SplitChoice,
  type TableDiner,
  type TipChoice,
} from '@tafrit/contracts';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { StreamVersionConflictError } from '../../../platform/event-store/event-store.errors.js';
import { AppError } from '../../../platform/http/app-error.js';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderPageLanguage } from '../../payments/index.js';
import type { PlacedOrder } from '../domain/order.decider.js';
import { openPartOf, partFor, PartChangedError, SplitRefusedError } from '../domain/parts.js';
import { OrderStore, type LoadedOrder } from '../persistence/order-store.js';
import type { CheckoutMenu } from './checkout-menu.reader.js';
import { paymentPageRequest } from './payment-page-request.js';

/** A payer's own lines at the table (for `mine`), by product and choices. */
export type PayerLines = readonly { productId: number; quantity: number; options?: string[] }[];

export interface OpenPartPageInput {
  orderId: string;
  business: CheckoutMenu['business'];
  dinerSessionId: string;
  payer: TableDiner | null;
  choice: SplitChoice;
  mine: PayerLines;
  tip: TipChoice | null;
  /** What the payer's phone showed (their part and tip), in agorot: it must be what the page charges. */
  shownAgorot: number;
  method: 'card' | 'bit';
  pageLanguage: ProviderPageLanguage;
  correlationId: string;
  known?: LoadedOrder;
}

/** The part's page, what it charges, and the order's number (the thank-you page's). */
export interface OpenedPart {
  url: string;
  amountAgorot: number;
  orderNumber: number;
}

export class OpenPartPageCommand {
  constructor(readonly input: OpenPartPageInput) {}
}

/** Another payer's part taken between reading and recording: read the bill again this many times. */
const ATTEMPTS = 3;

/**
 * A payer's part of a shared table's bill (decision 056): what their choice comes to on the bill as it stands
 * (`partFor`, the decider's own rule), checked against what their phone showed, a provider page for it, then
 * `OpenPartPage`, which decides it again on the order's current state. A payer who clicks twice gets their open page
 * back; a bill another payer moved meanwhile is read again, and a choice with nothing left is refused before any page
 * is shown. Answers the page's address and what it charges.
 */
@CommandHandler(OpenPartPageCommand)
export class OpenPartPageHandler implements ICommandHandler<OpenPartPageCommand, OpenedPart> {
  constructor(
    private readonly orders: OrderStore,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input }: OpenPartPageCommand): Promise<OpenedPart> {
    let known = input.known;
    for (let attempt = 1; ; attempt++) {
      const current = known ?? (await this.orders.load(input.orderId));
      try {
        return await this.open(input, current);
      } catch (error) {
        const moved = error instanceof PartChangedError || error instanceof StreamVersionConflictError;
        if (!moved || attempt >= ATTEMPTS) throw error;
        known = undefined;
      }
    }
  }

  private async open(input: OpenPartPageInput, current: LoadedOrder): Promise<OpenedPart> {
    const order = current.state as PlacedOrder;
    const mineAgorot = mineOf(order, input.mine);
    const now = new Date().toISOString();
    const { part, leftAgorot } = partFor(order, input.dinerSessionId, input.choice, mineAgorot, now);
    if (!part.ok) throw splitRefused(part.reason, leftAgorot);
    const tipAgorot = input.tip ? tipAgorotOf(input.tip, part.agorot) : 0;
    if (tipAgorot > maxTipAgorot(part.agorot)) throw new AppError('order.tip_too_large');
    const amountAgorot = part.agorot + tipAgorot;
    // The same payer's click again: their open page, when it is for the same part.
    const open = openPartOf(order, input.dinerSessionId, now);
    if (open && open.itemsAgorot === part.agorot && open.tipAgorot === tipAgorot) {
      return { url: open.paymentUrl, amountAgorot: open.amountAgorot, orderNumber: order.orderNumber };
    }
    if (amountAgorot !== input.shownAgorot) {
      throw new AppError('table.share_changed', { data: { amount: agorotToDecimalString(amountAgorot), leftAgorot } });
    }
    const lines = input.choice.mode === 'mine' ? payerLines(order, input.mine) : [shareLineOf(order, part.agorot)];
    const request = paymentPageRequest(
      this.config,
      { ...order, totalAgorot: amountAgorot, tipAgorot, lines, invoiceFor: undefined },
      input.business,
      input.pageLanguage,
      input.method,
    );
    const page = await this.provider.openPaymentPage(request);
    try {
      await this.orders.execute(
        input.orderId,
        {
          type: 'OpenPartPage',
          data: {
            partId: randomUUID(),
            dinerSessionId: input.dinerSessionId,
            payer: input.payer,
            choice: input.choice,
            mineAgorot,
            itemsAgorot: part.agorot,
            tipAgorot,
            provider: this.provider.name,
            lowProfileId: page.lowProfileId,
            paymentUrl: page.bitUrl ?? page.url,
            terminal: request.terminal.owner,
            method: input.method,
            ...(input.choice.mode === 'mine' ? { lines } : {}),
            now,
          },
        },
        { correlationId: input.correlationId, actor: { kind: 'diner' }, occurredAt: now },
        { known: current },
      );
    } catch (error) {
      if (error instanceof SplitRefusedError) throw splitRefused(error.reason, error.leftAgorot);
      throw error;
    }
    return { url: page.bitUrl ?? page.url, amountAgorot, orderNumber: order.orderNumber };
  }
}

export function splitRefused(reason: SplitRefusedError['reason'], leftAgorot: number): AppError {
  const left = agorotToDecimalString(Math.max(0, leftAgorot));
  return new AppError('table.split_refused', { message: splitRefusalHe(reason, left), data: { reason, leftAgorot } });
}

/** The order's line of each of the payer's lines, with the payer's quantity (the order merged the table's). */
function payerLines(order: PlacedOrder, mine: PayerLines): OrderLine[] {
  const byKey = new Map(order.lines.map((line) => [orderLineKey(line), line]));
  return mine.flatMap((own) => {
    const line = byKey.get(cartLineKey(own.productId, own.options));
    if (!line) return [];
    const discount = line.discountAgorot ? Math.floor((line.discountAgorot * own.quantity) / line.quantity) : 0;
    return [{ ...line, quantity: own.quantity, ...(discount ? { discountAgorot: discount } : {}) }];
  });
}

/** What the payer's own lines come to at the order's prices, less their share of any discount. */
function mineOf(order: PlacedOrder, mine: PayerLines): number {
  return payerLines(order, mine).reduce(
    (sum, line) => sum + line.unitPriceAgorot * line.quantity - (line.discountAgorot ?? 0),
    0,
  );
}
