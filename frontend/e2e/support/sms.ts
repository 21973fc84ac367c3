import { existsSync, readFileSync } from 'node:fs';

// The log SMS provider writes one JSON line per message to DATA_DIR/sms.log; the browser tests read sign-in codes
// (and receipts) from it instead of a phone.

export interface LoggedSms {
  to: string;
  text: string;
  kind?: string;
  /** ISO 8601, when the product sent it. */
  at?: string;
}

/** The product spaces sign-in codes to one phone this far apart (RESEND_INTERVAL_MS), plus a margin. */
const CODE_SPACING_MS = 31_000;

/** Every message the product has sent so far, oldest first. */
export function smsLines(smsLog: string): LoggedSms[] {
  if (!existsSync(smsLog)) return [];
  return readFileSync(smsLog, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LoggedSms);
}

/** The same mobile however it is written (`052-3456789`, `+972523456789`). */
const lastNineDigits = (phone: string) => phone.replace(/\D/g, '').slice(-9);

/**
 * Waits until the product will send another sign-in code to `phone`. Several browser files sign in as the same owner
 * (the demo café's) one after another; without this the second asks within 30 s of the first and, rightly, gets no
 * code.
 */
export async function waitUntilCodeCanBeSent(smsLog: string, phone: string): Promise<void> {
  const wanted = lastNineDigits(phone);
  const last = smsLines(smsLog)
    .filter((sms) => lastNineDigits(sms.to) === wanted && sms.kind?.endsWith('sign-in-code') && sms.at)
    .at(-1);
  if (!last) return;
  const wait = Date.parse(last.at!) + CODE_SPACING_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** The 6-digit code of the newest SMS to `phone` written after the log had `after` lines; waits up to 15 s. */
export async function codeSentTo(smsLog: string, phone: string, after: number): Promise<string> {
  const wanted = lastNineDigits(phone);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const fresh = smsLines(smsLog)
      .slice(after)
      .filter((sms) => lastNineDigits(sms.to) === wanted);
    const code = /\b(\d{6})\b/.exec(fresh.at(-1)?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code was sent to ${phone}: ${JSON.stringify(smsLines(smsLog).slice(after))}`);
}
