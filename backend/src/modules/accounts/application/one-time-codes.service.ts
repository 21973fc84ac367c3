import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { deriveKey } from '../../../platform/auth/derive-key.js';
import { tooManyRequests } from '../../../platform/auth/ip-rate-limiter.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';
import { AppError } from '../../../platform/http/app-error.js';
import { SMS_SENDER, type SmsKind, type SmsSender } from '../../../platform/sms/sms.port.js';
import {
  attemptVerdict,
  CODE_TTL_MS,
  type CodePurpose,
  codeHash,
  HOUR_MS,
  newCode,
  RESEND_INTERVAL_MS,
  sendVerdict,
} from '../domain/one-time-code.js';
import { OtpCodeEntity } from '../persistence/otp-code.entity.js';

// Rows older than a day can no longer count towards any limit.
const KEEP_ROWS_MS = 24 * HOUR_MS;

export interface CodeRequest {
  phone: string;
  purpose: CodePurpose;
  /**
   * Whether the code goes out. A phone with no account still gets a stored (never sent) code, so limits, answers and
   * the work done are the same for every phone and nothing tells whether an account exists.
   */
  deliver: boolean;
  kind: SmsKind;
  text: (code: string) => string;
}

/**
 * Sign-in codes in `otp_codes`, for owners and administrators alike. Each phone's codes are handled under an advisory
 * lock and with the database's clock, so the limits and the attempt count hold across several app instances.
 */
@Injectable()
export class OneTimeCodes {
  private readonly key: Buffer;
  /** A moving average of how long the gateway takes, to pause as long when no message is sent. */
  private typicalDeliveryMs = 0;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
  ) {
    this.key = deriveKey(config.jwtSecret, 'one-time-codes');
    this.perHour = config.otpSendsPerHour;
  }

  private readonly perHour: number;

  /** Stores a new code (cancelling the previous one) and sends it; 429 past the limits, 502 when the gateway fails. */
  async issue(request: CodeRequest): Promise<void> {
    const { phone, purpose } = request;
    const code = newCode();
    const hash = codeHash(this.key, { phone, purpose, code });
    const verdict = await this.database.em().transactional(async (em) => {
      const now = await lockAndNow(em, phone, purpose);
      const recent = await em.find(
        OtpCodeEntity,
        { phone, purpose, createdAt: { $gt: new Date(now.getTime() - HOUR_MS) } },
        { fields: ['createdAt'] },
      );
      const allowance = sendVerdict(
        recent.map((row) => row.createdAt),
        now,
        this.perHour,
      );
      if (!allowance.allowed) return allowance;
      await em.nativeUpdate(OtpCodeEntity, { phone, purpose, isUsed: false }, { isUsed: true });
      await em.nativeDelete(OtpCodeEntity, {
        phone,
        purpose,
        createdAt: { $lt: new Date(now.getTime() - KEEP_ROWS_MS) },
      });
      em.create(OtpCodeEntity, {
        phone,
        purpose,
        codeHash: hash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        isUsed: false,
        attempts: 0,
      });
      return allowance;
    });
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
    if (request.deliver) await this.deliver(phone, request.kind, request.text(code));
    else await this.pauseLikeDelivery();
  }

  /** Accepts the phone's latest code once; otherwise the spec's wrong-code error with its own code. */
  async verify({ phone, purpose, code }: { phone: string; purpose: CodePurpose; code: string }): Promise<void> {
    const presented = codeHash(this.key, { phone, purpose, code });
    const verdict = await this.database.em().transactional(async (em) => {
      const now = await lockAndNow(em, phone, purpose);
      const [latest] = await em.find(
        OtpCodeEntity,
        { phone, purpose },
        { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 1 },
      );
      const result = attemptVerdict(latest, presented, now);
      if (latest && result.outcome === 'accepted') latest.isUsed = true;
      if (latest && result.outcome === 'wrong') latest.attempts = result.attempts;
      return result;
    });
    switch (verdict.outcome) {
      case 'accepted':
        return;
      case 'wrong':
        throw verdict.locked ? locked() : new AppError('otp.invalid');
      case 'locked':
        throw locked();
      case 'expired':
        throw new AppError('otp.expired');
      case 'invalid':
        throw new AppError('otp.invalid');
    }
  }

  private async deliver(to: string, kind: SmsKind, text: string): Promise<void> {
    const started = performance.now();
    // A gateway failure throws SmsDeliveryError: the envelope filter logs it and answers 502 sms.send_failed.
    await this.sms.send({ to, text, kind });
    const took = Math.min(performance.now() - started, 5_000);
    this.typicalDeliveryMs = this.typicalDeliveryMs === 0 ? took : this.typicalDeliveryMs * 0.8 + took * 0.2;
  }

  /** About as long as a delivery takes, with some jitter: the answer's timing does not tell a customer from none. */
  private async pauseLikeDelivery(): Promise<void> {
    const pause = this.typicalDeliveryMs * (0.75 + Math.random() * 0.5);
    if (pause >= 1) await sleep(pause);
  }
}

/** A cancelled code: a 429 whose Retry-After says when a new code may be asked for (the resend interval). */
const locked = () =>
  new AppError('otp.too_many_attempts', { headers: { 'retry-after': String(RESEND_INTERVAL_MS / 1000) } });

/** Serialises the work on one phone's codes across instances and returns the database's time (one clock for all). */
async function lockAndNow(em: EntityManager, phone: string, purpose: CodePurpose): Promise<Date> {
  await query(em, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`otp:${purpose}:${phone}`]);
  const [row] = await query<{ now: Date | string }>(em, 'select now() as now');
  return new Date(row?.now ?? Date.now());
}
