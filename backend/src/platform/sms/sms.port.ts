/** Nest injection token of the process's `SmsSender`. */
export const SMS_SENDER = Symbol('SMS_SENDER');

/** What a message is for: the log provider records it, so support can tell a sign-in code from a receipt. */
export type SmsKind =
  | 'owner-sign-in-code'
  | 'admin-sign-in-code'
  | 'owner-step-up-code'
  | 'payout-changed'
  | 'receipt'
  | 'ready'
  /** A person invited to a café's team, and the owner's notice of a new person or screen (issue 31). */
  | 'team-invitation'
  | 'team-notice';

export interface SmsMessage {
  /** E.164, as phones are stored (`+972547654321`). */
  to: string;
  text: string;
  kind: SmsKind;
}

/** One interface for every gateway (DESIGN.md §3): the log provider in development, an Israeli gateway in production. */
export interface SmsSender {
  readonly provider: string;
  /** Resolves once the gateway accepted the message; throws `SmsDeliveryError` when it did not. */
  send(message: SmsMessage): Promise<void>;
}

/**
 * The gateway refused or could not be reached. It carries the contract code, so the envelope filter answers 502
 * `sms.send_failed` ("send code error") and logs the cause; the server itself carries on.
 */
export class SmsDeliveryError extends Error {
  readonly code = 'sms.send_failed';
  constructor(
    readonly provider: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${detail}`, options);
    this.name = 'SmsDeliveryError';
  }
}
