import { Inject, Injectable, Logger } from '@nestjs/common';
import { roleNamesHe, type Role } from '@tafrit/contracts';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { SMS_SENDER, type SmsSender } from '../../../platform/sms/sms.port.js';

/**
 * The team's SMS (issue 31): the invitation to a person, and the owner's notice of every new person or screen (a
 * stranger who paired a screen, or a visit that added someone, shows up on the owner's phone). A gateway failure is
 * logged: the invitation stands, and the person can sign in on the usual page anyway.
 */
@Injectable()
export class TeamNotices {
  private readonly log = new Logger('TeamNotices');

  constructor(
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async invited(person: { phone: string; role: Role }, businessName: string): Promise<void> {
    const text = `הוזמנת לצוות של ${businessName} (${roleNamesHe[person.role]}). כניסה עם הטלפון שלך: ${this.config.publicUrl}/login`;
    await this.send({ to: person.phone, text, kind: 'team-invitation' });
  }

  async personAdded(ownerPhone: string, name: string, role: Role): Promise<void> {
    await this.send({ to: ownerPhone, text: `נוסף/ה לצוות: ${name} (${roleNamesHe[role]})`, kind: 'team-notice' });
  }

  async screenPaired(ownerPhone: string, name: string): Promise<void> {
    const text = `מסך מטבח חדש חובר לעסק: ${name}. לא אתם? נתקו אותו בהגדרות, בצוות`;
    await this.send({ to: ownerPhone, text, kind: 'team-notice' });
  }

  private async send(message: { to: string; text: string; kind: 'team-invitation' | 'team-notice' }): Promise<void> {
    try {
      await this.sms.send(message);
    } catch (error) {
      this.log.warn(`team ${message.kind} not sent: ${(error as Error).message}`);
    }
  }
}
