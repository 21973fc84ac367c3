import type { SmsKind } from '../../../platform/sms/sms.port.js';
import type { Audience } from '../../../platform/auth/principals.js';
import { OneTimeCodes } from './one-time-codes.service.js';

/**
 * The sign-in by a one-time code, written once for the owner and the administrator: a code for the phone (counted by
 * phone, sent by SMS), then the code tried against it and the account it opens. Each audience says whom it admits,
 * whether the code really goes out and what an accepted code opens; the session and its cookie are the caller's.
 */
export abstract class CodeSignIn<Account> {
  constructor(private readonly codes: OneTimeCodes) {}

  /** The code's purpose and the session's audience. */
  protected abstract readonly audience: Extract<Audience, 'owner' | 'admin'>;
  protected abstract readonly smsKind: SmsKind;
  protected abstract text(code: string): string;

  /** Before a code is sent or tried: a refusal of a phone the audience may tell apart (the admin's wrong number). */
  protected abstract admit(phone: string): Promise<void>;

  /**
   * Whether the code is sent. A phone with no account still gets a stored code, never sent, so the answer and the
   * work are the same for every phone.
   */
  protected abstract delivers(phone: string): Promise<boolean>;

  /** What the accepted code opens, or the refusal. */
  protected abstract opens(phone: string): Promise<Account>;

  async sendCode(phone: string): Promise<void> {
    await this.admit(phone);
    await this.codes.issue({
      phone,
      purpose: this.audience,
      deliver: await this.delivers(phone),
      kind: this.smsKind,
      text: (code) => this.text(code),
    });
  }

  async verifyCode(phone: string, code: string): Promise<Account> {
    await this.admit(phone);
    await this.codes.verify({ phone, purpose: this.audience, code });
    return this.opens(phone);
  }
}
