import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '../../../../platform/http/app-error.js';
import { BusinessReader } from '../../../accounts/index.js';
import { PAYMENT_PROVIDER, type PaymentProvider, type RecordedPaymentOutcome } from '../../../payments/index.js';
import { TableTabCommand } from '../../../tables/index.js';
import { type TabHold, TabHolds } from '../../persistence/tab-holds.js';
import { terminalChoiceOf } from '../payment-page-request.js';

export class RecordTabHoldResultCommand {
  constructor(
    readonly lowProfileId: string,
    readonly correlationId: string,
  ) {}
}

/**
 * A hold page's verdict (decision 058), by the path every payment result takes (Cardcom's webhook, the sandbox page):
 * the provider is asked, never the caller. Held: the token is sealed in `tab_holds` and the cart learns that its tab
 * is open (the card's last digits, never the token); declined: the tab has no card and anyone may try again.
 */
@CommandHandler(RecordTabHoldResultCommand)
export class RecordTabHoldResultHandler implements ICommandHandler<RecordTabHoldResultCommand, RecordedPaymentOutcome> {
  private readonly logger = new Logger('TabHolds');

  constructor(
    private readonly holds: TabHolds,
    private readonly commands: CommandBus,
    private readonly businesses: BusinessReader,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ lowProfileId, correlationId }: RecordTabHoldResultCommand): Promise<RecordedPaymentOutcome> {
    const hold = await this.holds.byPage(lowProfileId);
    if (!hold || hold.provider !== this.provider.name) throw new AppError('payment.unknown');
    const result = await this.provider.getHoldResult(
      lowProfileId,
      await terminalChoiceOf(this.businesses, hold.terminal, hold.businessPhone),
      hold.holdAgorot,
    );
    if (result.status === 'unknown') throw new AppError('payment.unknown');
    if (result.returnValue !== null && result.returnValue !== hold.cartId) {
      this.logger.error(`hold page ${lowProfileId} returned ${result.returnValue}, expected ${hold.cartId}`);
      throw new AppError('payment.verification_failed');
    }
    if (result.status === 'pending') return 'pending';
    const now = new Date().toISOString();
    if (result.status === 'failed') {
      await this.holds.failed(hold.cartId, lowProfileId);
      await this.tab(hold, { type: 'FailTabHold', data: { lowProfileId, now } }, correlationId);
      return 'failed';
    }
    if (hold.status === 'pending') {
      await this.holds.held(hold.cartId, lowProfileId, result);
    }
    const { last4, brand } = result;
    await this.tab(hold, { type: 'RecordTabHeld', data: { lowProfileId, last4, brand, now } }, correlationId);
    return 'paid';
  }

  private tab(hold: TabHold, command: TableTabCommand['command'], correlationId: string): Promise<void> {
    return this.commands.execute(new TableTabCommand(hold.cartId, command, correlationId));
  }
}
