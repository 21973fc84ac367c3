import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { violatedUniqueConstraint } from '../../../platform/database/database-errors.js';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { SMS_SENDER, type SmsSender } from '../../../platform/sms/sms.port.js';
import { businessDecider, type ChangeBusinessProfile } from '../domain/business.decider.js';
import { businessStreamId } from '../domain/business.events.js';
import type { CommandContext } from './command-context.js';

export class ChangeBusinessProfileCommand {
  constructor(
    readonly phone: string,
    readonly details: Pick<ChangeBusinessProfile['data'], 'profile' | 'payout' | 'bankDetails'>,
    readonly context: CommandContext,
  ) {}
}

/** The owner's notice after the payout account changed: the account's last digits only, and what to do if not them. */
export const payoutChangedText = (accountNumber: string): string =>
  `פרטי הבנק לתשלומים בתפריט שונו לחשבון המסתיים ב-${accountNumber.slice(-2)}. לא אתם? היכנסו להגדרות ונתקו מכשירים`;

/**
 * Records the settings form as `BusinessProfileChanged` and `PayoutAccountChanged`, each only when its part changed.
 * When the bank details changed, the business's phone is told (decision 036): a change made with a stolen code or
 * from a forgotten tablet does not go unseen.
 */
@CommandHandler(ChangeBusinessProfileCommand)
export class ChangeBusinessProfileHandler implements ICommandHandler<ChangeBusinessProfileCommand, void> {
  private readonly log = new Logger('ChangeBusinessProfile');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
  ) {}

  async execute({ phone, details, context }: ChangeBusinessProfileCommand): Promise<void> {
    const now = new Date().toISOString();
    let result;
    try {
      result = await handleCommand({
        store: this.store,
        streamId: businessStreamId(phone),
        decider: businessDecider,
        command: { type: 'ChangeBusinessProfile', data: { ...details, now } },
        metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
      });
    } catch (error) {
      // The read model's unique e-mail, checked inside the append's transaction: the event rolls back with the row.
      if (violatedUniqueConstraint(error) === 'businesses_email_unique') {
        throw new AppError('business.email_taken', { fields: { email: 'כתובת האימייל הזו כבר רשומה במערכת' } });
      }
      throw error;
    }
    const payoutChanged = result.events.some((event) => event.type === 'PayoutAccountChanged');
    if (details.bankDetails === 'may_change' && payoutChanged)
      await this.tellOwner(phone, details.payout.accountNumber);
  }

  /** The change is recorded whatever the gateway says: a failed notice is logged, not the owner's error. */
  private async tellOwner(phone: string, accountNumber: string): Promise<void> {
    try {
      await this.sms.send({ to: phone, text: payoutChangedText(accountNumber), kind: 'payout-changed' });
    } catch (error) {
      this.log.warn(`payout change notice not sent: ${(error as Error).message}`);
    }
  }
}
