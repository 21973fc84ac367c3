import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type DinerLanguage, tableMenuUrl, type TableTabHoldAnswer } from '@tafrit/contracts';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../../payments/index.js';
import { HOLD_PAGE_MS, SharedTables, TableTabCommand } from '../../../tables/index.js';
import { CheckoutMenuReader } from '../checkout-menu.reader.js';
import { paymentPageAddresses, terminalOf } from '../payment-page-request.js';
import { TabHolds } from '../../persistence/tab-holds.js';

export class OpenTabHoldCommand {
  constructor(
    readonly departmentId: string,
    readonly number: number,
    readonly key: string,
    readonly dinerSessionId: string,
    readonly language: DinerLanguage,
    readonly correlationId: string,
  ) {}
}

/**
 * The tab's card hold (issue 34, part 3, decision 058): a payment page that holds the café's amount on a diner's
 * card and charges nothing (`openHoldPage`, J5). Refused before any page when the café has pay at the end off, the
 * table is paying, a card is held already, or another diner's hold page is open. The page returns to the table's own
 * address; its verdict comes back through the payment results' path (`RecordTabHoldResult`).
 */
@CommandHandler(OpenTabHoldCommand)
export class OpenTabHoldHandler implements ICommandHandler<OpenTabHoldCommand, TableTabHoldAnswer> {
  constructor(
    private readonly tables: SharedTables,
    private readonly menus: CheckoutMenuReader,
    private readonly holds: TabHolds,
    private readonly commands: CommandBus,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: OpenTabHoldCommand): Promise<TableTabHoldAnswer> {
    const { departmentId, number, key, dinerSessionId, language, correlationId } = command;
    const cart = await this.tables.cartForPayment(departmentId, number, key, dinerSessionId);
    if (!cart) throw new AppError('not_found');
    if (!cart.settings.payAtEnd) throw new AppError('table.tab_off');
    if (cart.status === 'paying') throw new AppError('table.cart_paying');
    if (!cart.you) throw new AppError('table.cart_changed');
    const hold = cart.tab.hold;
    const fresh = hold && Date.now() - Date.parse(hold.at) < HOLD_PAGE_MS;
    if (hold?.status === 'held' || (hold && fresh && hold.dinerId !== cart.you.dinerId)) {
      throw new AppError('table.tab_hold_open');
    }
    this.holds.assertCanSeal();
    const menu = await this.menus.read(cart.departmentId, []);
    if (!menu) throw new AppError('not_found');
    const { business } = menu;
    const holdAgorot = cart.settings.holdShekels * 100;
    const table = tableMenuUrl(this.config.publicUrl, cart.departmentId, cart.number, key);
    const addresses = {
      ...paymentPageAddresses(this.config, cart.departmentId),
      successUrl: `${table}&hold=ok`,
      failedUrl: `${table}&hold=failed`,
    };
    const terminal = terminalOf(business);
    const page = await this.provider.openHoldPage({
      orderId: cart.cartId,
      orderNumber: cart.number,
      holdAgorot,
      business: {
        phone: business.phone,
        businessName: business.businessName,
        idNumber: business.idNumber,
        email: business.email,
        departmentId: business.departmentId,
      },
      terminal,
      ...addresses,
      // Cardcom's pages have no Arabic: an Arabic reader gets the Hebrew page, as for a payment.
      pageLanguage: language === 'ar' ? 'he' : language,
    });
    const now = new Date().toISOString();
    // The cart decides whose hold it is (two diners at once: one wins), then the page is kept for its verdict.
    const opened = { dinerId: cart.you.dinerId, lowProfileId: page.lowProfileId, holdAgorot, now };
    await this.commands.execute(new TableTabCommand(cart.cartId, { type: 'OpenTabHold', data: opened }, correlationId));
    await this.holds.opened({
      cartId: cart.cartId,
      businessPhone: cart.businessPhone,
      tableNumber: cart.number,
      lowProfileId: page.lowProfileId,
      provider: this.provider.name,
      pageUrl: page.url,
      successUrl: addresses.successUrl,
      failedUrl: addresses.failedUrl,
      terminal: terminal.owner,
      holdAgorot,
      dinerSessionId,
    });
    return { paymentUrl: page.url };
  }
}
