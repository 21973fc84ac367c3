import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { agorotToDecimalString } from '@tafrit/contracts';
import type { CreatePaymentInput, CreatePaymentSuccess, DinerLanguage } from '@tafrit/contracts';
import type { ProviderPageLanguage } from '../../payments/index.js';
import { OpenPaymentPageCommand } from './open-payment-page.handler.js';
import { PlaceOrderCommand, type PlacedOrderResult } from './place-order.handler.js';
import { RequestReadySmsCommand } from './request-ready-sms.handler.js';
import { TablePayment } from './table-payment.service.js';

/**
 * `POST /api/cardcom/create-payment`: places the order with its payment page, or finds the same checkout's order and
 * opens (or reuses) its page, handing the order's state from one command to the next (decision 015).
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly commands: CommandBus,
    private readonly tables: TablePayment,
  ) {}

  async createPayment(
    input: CreatePaymentInput,
    dinerSessionId: string,
    correlationId: string,
    pageLanguage: ProviderPageLanguage = 'he',
    language: DinerLanguage = pageLanguage,
  ): Promise<CreatePaymentSuccess> {
    // At a shared table (issue 34) the order is the table's cart, each payer paying a part of it.
    if (input.table || input.split) {
      return this.tables.pay(input, dinerSessionId, correlationId, pageLanguage, language);
    }
    const readySms = input.readySmsPhone ? { phone: input.readySmsPhone, language } : null;
    const placed: PlacedOrderResult = await this.commands.execute(
      new PlaceOrderCommand({
        departmentId: input.businessId,
        dinerSessionId,
        lines: input.cartData.items.map(({ productId, quantity, options }) => ({ productId, quantity, options })),
        shownTotalAgorot: input.amount,
        tip: input.tip ?? null,
        method: input.paymentMethod ?? 'card',
        remarks: input.cartData.remarks,
        tableNumber: input.cartData.tableNumber ?? null,
        customerName: input.customerInfo?.name || null,
        customerPhone: input.customerInfo?.phone || null,
        correlationId,
        pageLanguage,
        language,
        readySms,
        invoiceFor: input.invoiceFor,
        ...(input.source ? { source: input.source } : {}),
        promoCode: input.promoCode,
        ...(input.pickupAt ? { pickupAt: input.pickupAt } : {}),
      }),
    );
    // The same checkout sent again with a number (the diner gave it after the first request): kept for that order.
    if (readySms && !placed.created) {
      await this.commands.execute(
        new RequestReadySmsCommand(
          placed.orderId,
          readySms.phone,
          language,
          correlationId,
          dinerSessionId,
          placed.order,
        ),
      );
    }
    // The same checkout's earlier order (a double click, a reload): its open page, or a new one after a decline.
    const paymentUrl: string =
      placed.paymentUrl ??
      (await this.commands.execute(
        new OpenPaymentPageCommand(placed.orderId, placed.business, correlationId, placed.order, pageLanguage),
      ));
    return {
      success: true,
      paymentUrl,
      orderId: placed.orderId,
      orderNumber: placed.orderNumber,
      totalAmount: agorotToDecimalString(placed.totalAgorot),
      // Bit's address is opened in the whole window, never in the frame (Cardcom's UrlToBit leaves it).
      ...(input.paymentMethod === 'bit' ? { redirect: true as const } : {}),
    };
  }
}
