import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  agorotToDecimalString,
  type CreatePaymentInput,
  type CreatePaymentSuccess,
  type DinerLanguage,
  splitPart,
  type SplitChoice,
} from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import type { ProviderPageLanguage } from '../../payments/index.js';
import { CheckoutMenuReader } from './checkout-menu.reader.js';
import { OpenPartPageCommand, splitRefused } from './open-part-page.handler.js';
import { PlaceOrderCommand, type PlacedOrderResult } from './place-order.handler.js';
import { TableCheckout, type TableCartForOrder } from './table-checkout.js';
import { PlaceTabBillCommand } from './tab/place-tab-bill.handler.js';

type TableInput = CreatePaymentInput & { table: NonNullable<CreatePaymentInput['table']> };

/**
 * create-payment at a shared table (issue 34, decisions 055 and 056). The table's first payer places the order its
 * cart holds (without a page of the whole: every payer pays a part) and checks the cart out into it; each payer, the
 * first included, then opens their part of that order: all that is left, their own lines, an equal share or an
 * amount, with their own tip. Two first payers at once: the second finds the table paying and pays a part of the
 * first one's order.
 */
@Injectable()
export class TablePayment {
  constructor(
    private readonly commands: CommandBus,
    private readonly tables: TableCheckout,
    private readonly menus: CheckoutMenuReader,
  ) {}

  async pay(
    input: CreatePaymentInput,
    dinerSessionId: string,
    correlationId: string,
    pageLanguage: ProviderPageLanguage,
    language: DinerLanguage,
  ): Promise<CreatePaymentSuccess> {
    const atTable = refusedOutsideATable(input);
    let cart = await this.tables.cartOf(atTable, dinerSessionId);
    let placed: PlacedOrderResult | null = null;
    const choice = choiceOf(input);
    if (cart.status === 'open') {
      // A choice the bill cannot carry is refused before the table's cart is checked out into an order.
      const part = splitPart(choice, { itemsAgorot: cart.totalAgorot, takenAgorot: 0, mineAgorot: cart.mineAgorot });
      if (!part.ok) throw splitRefused(part.reason, cart.totalAgorot);
      placed = await this.place(atTable, cart, dinerSessionId, correlationId, pageLanguage, language);
      try {
        await this.tables.checkOut(cart, placed, correlationId);
      } catch (error) {
        // Another payer checked the cart out first: this order ended unshown, and this payer pays a part of theirs.
        if (!(error instanceof AppError && error.code === 'table.cart_paying')) throw error;
        placed = null;
        cart = await this.tables.cartOf(atTable, dinerSessionId);
      }
    }
    const orderId = placed?.orderId ?? cart.orderId;
    if (!orderId) throw new AppError('table.cart_changed');
    const business = placed?.business ?? (await this.menus.read(input.businessId, []))?.business;
    if (!business) throw new AppError('not_found');
    const method = input.paymentMethod ?? 'card';
    const page = await this.commands.execute(
      new OpenPartPageCommand({
        orderId,
        business,
        dinerSessionId,
        payer: cart.you,
        choice,
        mine: cart.mine,
        tip: input.tip ?? null,
        shownAgorot: input.amount,
        method,
        pageLanguage,
        correlationId,
        ...(placed ? { known: placed.order } : {}),
      }),
    );
    return {
      success: true,
      paymentUrl: page.url,
      orderId,
      orderNumber: page.orderNumber,
      totalAmount: agorotToDecimalString(page.amountAgorot),
      // Bit's address is opened in the whole window, never in the frame (Cardcom's UrlToBit leaves it).
      ...(method === 'bit' ? { redirect: true as const } : {}),
    };
  }

  /** The order of the table's cart as the server holds it, without a page of its own. */
  private place(
    input: TableInput,
    cart: TableCartForOrder,
    dinerSessionId: string,
    correlationId: string,
    pageLanguage: ProviderPageLanguage,
    language: DinerLanguage,
  ): Promise<PlacedOrderResult> {
    if (cart.tab) return this.commands.execute(new PlaceTabBillCommand(cart.tab, dinerSessionId, correlationId));
    return this.commands.execute(
      new PlaceOrderCommand({
        departmentId: input.businessId,
        dinerSessionId,
        lines: cart.lines,
        // The table's total as it saw its lines priced: a menu price changed since is refused as anywhere else.
        shownTotalAgorot: cart.totalAgorot,
        tip: null,
        method: input.paymentMethod ?? 'card',
        remarks: cart.notes,
        tableNumber: cart.number,
        customerName: input.customerInfo?.name || null,
        customerPhone: input.customerInfo?.phone || null,
        correlationId,
        pageLanguage,
        language,
        readySms: input.readySmsPhone ? { phone: input.readySmsPhone, language } : null,
        ...(input.source ? { source: input.source } : {}),
        tableCartId: cart.cartId,
        withoutPage: true,
      }),
    );
  }
}

/**
 * What a shared table's payment cannot carry yet, refused before anything is read: a split without a table, a promo
 * code (the table's cart is priced without one), a business buyer (a part's document names none yet, decision 056)
 * and a pickup time.
 */
function refusedOutsideATable(input: CreatePaymentInput): TableInput {
  const field = (name: string, message: string) => new AppError('validation.failed', { fields: { [name]: message } });
  if (!input.table) throw field('split', 'חלוקת חשבון אפשרית רק בשולחן משותף');
  if (input.promoCode) throw field('promoCode', 'קוד הנחה אינו זמין בשולחן משותף');
  if (input.invoiceFor) throw field('invoiceFor', 'חשבונית על שם עסק אינה זמינה עדיין בשולחן משותף');
  if (input.pickupAt) throw field('pickupAt', 'הזמנה לאיסוף מאוחר אינה זמינה בשולחן משותף');
  return { ...input, table: input.table };
}

/** The payer's choice: all that is left unless they split; an amount in shekels becomes agorot. */
function choiceOf(input: CreatePaymentInput): SplitChoice {
  const split = input.split;
  if (!split || split.mode === 'all') return { mode: 'all' };
  if (split.mode === 'mine') return { mode: 'mine' };
  if (split.mode === 'equal') return { mode: 'equal', shares: split.shares ?? 0 };
  return { mode: 'amount', amountAgorot: Math.round((split.amount ?? 0) * 100) };
}
