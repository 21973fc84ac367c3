import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';
import {
  assertChargeWithinHold,
  type ChargeHoldRequest,
  type HoldChargeResult,
  type HoldResult,
  type OpenedPaymentPage,
  type OpenHoldPageRequest,
  type OpenPaymentPageRequest,
  type PaymentProvider,
  type PaymentResult,
  type RefundRequest,
  type RefundResult,
} from '../payment-provider.port.js';
import type { PaymentMethod } from '@tafrit/contracts';
import { cardBrand, parseExpiry, passesLuhn, SANDBOX_CARDS } from './card-checks.js';

/** A page as it is drawn: its facts (with what it offers beside the card form, issue 17), its id and its state. */
export interface SandboxPage extends SandboxPageFacts {
  lowProfileId: string;
  status: 'open' | 'paid' | 'declined';
}

/** The sandbox's stand-ins for the wallets: always approved, no card number involved. */
export type SandboxWallet = 'google_pay' | 'bit';

export interface CardForm {
  name: string;
  number: string;
  expiry: string;
  cvv: string;
}

export type CardOutcome =
  | { status: 'invalid'; fields: Partial<Record<keyof CardForm, string>> }
  | { status: 'paid'; page: SandboxPage }
  | { status: 'declined'; reason: string; page: SandboxPage }
  /** The page took a card already (it is paid), or there is no such page. */
  | { status: 'closed' }
  | { status: 'unknown' };

interface SandboxRow {
  low_profile_id: string;
  return_value: string;
  amount_agorot: string;
  description: string;
  success_url: string;
  failed_url: string;
  webhook_url: string;
  /** `paid` on a hold's row (method `hold`) means the card is held. */
  status: 'open' | 'paid' | 'declined';
  /** A hold's row keeps the hold's token here; a payment's, its transaction. */
  transaction_id: string | null;
  approval_number: string | null;
  last4: string | null;
  brand: string | null;
  /** A hold's row: `0` while held, `captured` once charged. */
  response_code: string | null;
  /** `hold`: the row of a hold page (decision 057), not a payment. */
  method: PaymentMethod | typeof HOLD_METHOD | null;
  /** When the row was last settled: a hold's is when the card was held. */
  updated_at: Date | string;
}

/**
 * What a page shows and sends the diner back to, as its payment page was asked for. The page has no row until a card
 * is tried on it: this process keeps the pages it opened (`opened`), and the page's owner can work them out again
 * from its order (after a restart, or on another instance).
 */
export interface SandboxPageFacts {
  returnValue: string;
  amountAgorot: number;
  description: string;
  successUrl: string;
  failedUrl: string;
  webhookUrl: string;
  /** The Google Pay test button (the business turned Google Pay on). */
  googlePay?: boolean;
  /** The page is Bit's, opened outside the frame (the diner chose Bit). */
  bit?: boolean;
  /** The page holds the amount on the card rather than charging it (issue 34, decision 057). */
  hold?: boolean;
}

/** The facts of a page asked for with `request` (what the page shows and where it returns). */
export function sandboxPageFacts(
  request: Pick<
    OpenPaymentPageRequest,
    'orderId' | 'orderNumber' | 'amountAgorot' | 'successUrl' | 'failedUrl' | 'webhookUrl'
  > &
    Partial<Pick<OpenPaymentPageRequest, 'googlePay' | 'method'>> & {
      businessName: string;
    },
): SandboxPageFacts {
  return {
    returnValue: request.orderId,
    amountAgorot: request.amountAgorot,
    description: `${request.businessName} - הזמנה #${request.orderNumber}`,
    successUrl: request.successUrl,
    failedUrl: request.failedUrl,
    webhookUrl: request.webhookUrl,
    ...(request.googlePay ? { googlePay: true } : {}),
    ...(request.method === 'bit' ? { bit: true } : {}),
  };
}

/** The facts of a hold page asked for with `request`: the amount to hold, the card only. */
export function sandboxHoldPageFacts(
  request: Pick<
    OpenHoldPageRequest,
    'orderId' | 'orderNumber' | 'holdAgorot' | 'successUrl' | 'failedUrl' | 'webhookUrl'
  > & {
    businessName: string;
  },
): SandboxPageFacts {
  return {
    ...sandboxPageFacts({ ...request, amountAgorot: request.holdAgorot }),
    hold: true,
  };
}

/** Works out a page's facts when this process does not hold them (none: not a page of ours). */
export type SandboxPageFactsSource = () => Promise<SandboxPageFacts | null>;

const DECLINED_CODE = '5';
/** The method a hold's row is marked with: it is never a payment, so no refund or payment result reads it. */
const HOLD_METHOD = 'hold';
/** A held row's `response_code` once charged: a hold is charged once. */
const CAPTURED = 'captured';
/** The sandbox's refusal code of a hold's charge (a real one answers a non-zero ResponseCode). */
export const HOLD_CHARGE_REFUSED_CODE = '7';
/**
 * How long the sandbox keeps a hold chargeable, and its token: its own rule, since Cardcom's definition does not say
 * when an issuer lets a J5 authorisation lapse (decision 057).
 */
export const SANDBOX_HOLD_DAYS = 5;
const DAY_MS = 86_400_000;
/** Paid pages this process settled, kept for the verification that follows at once (see `settled`). */
const SETTLED_KEPT = 10_000;
/** Pages this process opened, kept for the card that usually follows within minutes (see `opened`). */
const OPENED_KEPT = 20_000;
const PAGE_ID = /^[0-9a-f-]{36}$/;

const READ = preparedStatement<SandboxRow>('sandbox_read', 'select * from sandbox_payments where low_profile_id = $1');
// A paid page takes no more cards: the settling update finds only pages not paid yet.
const SETTLE = preparedStatement<SandboxRow>(
  'sandbox_settle',
  `update sandbox_payments set status = $2, transaction_id = $3, approval_number = $4, last4 = $5, brand = $6,
     response_code = $7, method = $8, attempts = attempts + 1, updated_at = now()
   where low_profile_id = $1 and status <> 'paid'
     and (coalesce(method, '') = 'hold') = ($8::text = 'hold') returning *`,
);
// The first card on a page writes its row with the page's facts; a later one settles it as SETTLE does (a paid page
// takes no more cards: the update finds only pages not paid yet, and a concurrent first card waits for the other's row).
const CARD = preparedStatement<SandboxRow>(
  'sandbox_card',
  `insert into sandbox_payments
     (low_profile_id, return_value, amount_agorot, description, success_url, failed_url, webhook_url,
      status, transaction_id, approval_number, last4, brand, response_code, method, attempts)
   values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 1)
   on conflict (low_profile_id) do update set status = excluded.status, transaction_id = excluded.transaction_id,
     approval_number = excluded.approval_number, last4 = excluded.last4, brand = excluded.brand,
     response_code = excluded.response_code, method = excluded.method, attempts = sandbox_payments.attempts + 1, updated_at = now()
   where sandbox_payments.status <> 'paid'
     and (coalesce(sandbox_payments.method, '') = 'hold') = (excluded.method = 'hold')
   returning *`,
);
interface RefundRow {
  refund_id: string;
  transaction_id: string;
  amount_agorot: number;
  provider_refund_id: string;
}
// A refund of a paid sandbox charge, never past what it charged; the same refund id again inserts nothing.
const REFUND = preparedStatement<RefundRow>(
  'sandbox_refund',
  `insert into sandbox_refunds (refund_id, low_profile_id, transaction_id, amount_agorot, provider_refund_id)
     select $1::uuid, $2::text, $3::text, $4::integer, $5::text from sandbox_payments p
      where p.low_profile_id = $2::text and p.transaction_id = $3::text and p.status = 'paid'
        and p.method is distinct from 'hold'
        and p.amount_agorot >= $4::integer + (select coalesce(sum(r.amount_agorot), 0) from sandbox_refunds r
                                               where r.transaction_id = $3::text)
   on conflict (refund_id) do nothing
   returning refund_id, transaction_id, amount_agorot, provider_refund_id`,
);
const REFUND_READ = preparedStatement<RefundRow>(
  'sandbox_refund_read',
  'select refund_id, transaction_id, amount_agorot, provider_refund_id from sandbox_refunds where refund_id = $1::uuid',
);
/** The sandbox's refusal code (Cardcom answers a non-zero ResponseCode with a Description). */
const REFUND_REFUSED_CODE = '6';

/**
 * A hold's charge, once: the held row is marked captured and the charge written as a paid row of its own (keyed by
 * our charge id, so refunds find it as they find a page's charge), in one statement. Nothing is written unless the
 * hold is this order's, held, not charged yet, not expired, its token and approval match and it covers the amount.
 */
const CAPTURE = preparedStatement<SandboxRow>(
  'sandbox_capture',
  `with hold as (
     update sandbox_payments set response_code = '${CAPTURED}', attempts = attempts + 1
      where low_profile_id = $1::text and method = 'hold' and status = 'paid' and response_code = '0'
        and return_value = $2::text and transaction_id = $3::text and approval_number = $4::text
        and amount_agorot >= $5::bigint and updated_at > $6::timestamptz - make_interval(days => $7::integer)
     returning *)
   insert into sandbox_payments
     (low_profile_id, return_value, amount_agorot, description, success_url, failed_url, webhook_url,
      status, transaction_id, approval_number, last4, brand, response_code, method, attempts)
   select $8::text, return_value, $5::bigint, description, success_url, failed_url, webhook_url,
          'paid', $9::text, approval_number, last4, brand, '0', 'card', 1 from hold
   returning *`,
);

const EXISTS = preparedStatement<{ found: boolean }>(
  'sandbox_exists',
  'select true as found from sandbox_payments where low_profile_id = $1',
);

/**
 * The built-in test payment provider (the default): it keeps its pages' results in its own table, as a real provider
 * keeps them on its side, and answers `getResult` from there. Opening a page writes nothing (decision 015): the page's
 * row is written with the first card tried on it; until then the page is open and its result pending. Its card page
 * (sandbox-page.controller.ts) charges nothing; after a card is submitted it calls the same webhook-and-verify path as
 * Cardcom.
 */
@Injectable()
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  /** Its refunds are keyed by our refund id: asking again answers the first refund. */
  readonly refundsIdempotent = true;
  /**
   * Pages this process settled as paid, as their rows now stand. A paid page is final (it takes no more cards), so
   * the row cannot change under this copy: the verification right after the card (and a repeated webhook) reads it
   * here instead of asking the table again. Another instance, or a restart, simply reads the table.
   */
  private readonly settled = new Map<string, SandboxRow>();
  /** Pages this process opened and their facts (a row is written only when a card is tried). */
  private readonly opened = new Map<string, SandboxPageFacts>();

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  openPaymentPage(request: OpenPaymentPageRequest): Promise<OpenedPaymentPage> {
    const lowProfileId = randomUUID();
    if (this.opened.size >= OPENED_KEPT) this.opened.delete(this.opened.keys().next().value!);
    this.opened.set(lowProfileId, sandboxPageFacts({ ...request, businessName: request.business.businessName }));
    const url = `${this.config.publicUrl}/pay/sandbox/${lowProfileId}`;
    // Bit's page is the same address, drawn as Bit's (its facts say so) and opened in the whole window.
    return Promise.resolve({ lowProfileId, url, ...(request.method === 'bit' ? { bitUrl: url } : {}) });
  }

  async getResult(lowProfileId: string): Promise<PaymentResult> {
    const row = this.settled.get(lowProfileId) ?? (await this.row(lowProfileId));
    // No card was tried on the page yet (its owner knows the page; any other id is refused before it asks here).
    if (!row && PAGE_ID.test(lowProfileId)) {
      return { status: 'pending', lowProfileId, returnValue: this.opened.get(lowProfileId)?.returnValue ?? null };
    }
    if (!row) return { status: 'unknown', lowProfileId };
    // A hold page is no payment page: its verdict is getHoldResult's (and its token is never a transaction id).
    if (row.method === HOLD_METHOD) return { status: 'unknown', lowProfileId };
    if (row.status === 'paid') {
      return {
        status: 'paid',
        lowProfileId,
        returnValue: row.return_value,
        transactionId: row.transaction_id ?? '',
        approvalNumber: row.approval_number,
        last4: row.last4,
        brand: row.brand,
        amountAgorot: Number(row.amount_agorot),
        document: null,
        method: (row.method as PaymentMethod | null) ?? 'card',
      };
    }
    if (row.status === 'declined') {
      return {
        status: 'failed',
        lowProfileId,
        returnValue: row.return_value,
        responseCode: row.response_code,
        reason: 'העסקה סורבה על ידי חברת האשראי (סביבת בדיקה)',
      };
    }
    return { status: 'pending', lowProfileId, returnValue: row.return_value };
  }

  /** A hold page: the same card page, worded as a hold; nothing is written until a card is tried. */
  openHoldPage(request: OpenHoldPageRequest): Promise<OpenedPaymentPage> {
    if (!Number.isSafeInteger(request.holdAgorot) || request.holdAgorot <= 0) {
      return Promise.reject(new Error(`a hold of ${request.holdAgorot} agorot is not a positive whole amount`));
    }
    const lowProfileId = randomUUID();
    if (this.opened.size >= OPENED_KEPT) this.opened.delete(this.opened.keys().next().value!);
    this.opened.set(lowProfileId, sandboxHoldPageFacts({ ...request, businessName: request.business.businessName }));
    return Promise.resolve({ lowProfileId, url: `${this.config.publicUrl}/pay/sandbox/${lowProfileId}` });
  }

  /** A hold page's verdict from its row: held (with its token), declined, or open; a payment page is `unknown`. */
  async getHoldResult(lowProfileId: string, _terminal?: unknown, holdAgorot?: number): Promise<HoldResult> {
    const row = await this.row(lowProfileId);
    if (!row) {
      const facts = this.opened.get(lowProfileId);
      if (PAGE_ID.test(lowProfileId) && (!facts || facts.hold)) {
        return { status: 'pending', lowProfileId, returnValue: facts?.returnValue ?? null };
      }
      return { status: 'unknown', lowProfileId };
    }
    if (row.method !== HOLD_METHOD) return { status: 'unknown', lowProfileId };
    if (row.status === 'declined') {
      return {
        status: 'failed',
        lowProfileId,
        returnValue: row.return_value,
        responseCode: row.response_code,
        reason: 'העסקה סורבה על ידי חברת האשראי (סביבת בדיקה)',
      };
    }
    if (row.status !== 'paid' || !row.transaction_id || !row.approval_number) {
      return { status: 'pending', lowProfileId, returnValue: row.return_value };
    }
    return {
      status: 'held',
      lowProfileId,
      returnValue: row.return_value,
      token: row.transaction_id,
      tokenExpiresOn: new Date(heldAt(row).getTime() + SANDBOX_HOLD_DAYS * DAY_MS).toISOString().slice(0, 10),
      approvalNumber: row.approval_number,
      cardExpiry: null,
      last4: row.last4,
      brand: row.brand,
      holdAgorot: Number(row.amount_agorot) || (holdAgorot ?? 0),
    };
  }

  /**
   * Charges a hold as Cardcom captures a J5 authorisation: once, at most the amount held, within the sandbox's
   * hold days, with the hold's token and approval number. The same `chargeId` again answers the first charge.
   * Amounts the hold cannot cover are refused before anything is read (`HoldChargeRefused`).
   */
  async chargeHold(request: ChargeHoldRequest, now = new Date()): Promise<HoldChargeResult> {
    assertChargeWithinHold(request);
    const { chargeId, orderId, lowProfileId, token, approvalNumber, amountAgorot } = request;
    if (!PAGE_ID.test(chargeId)) throw new Error('a hold charge id is a UUID');
    const transactionId = String(randomInt(100_000_000, 999_999_999));
    const [charged] = PAGE_ID.test(lowProfileId)
      ? await this.database.run(CAPTURE, [
          lowProfileId,
          orderId,
          token,
          approvalNumber,
          amountAgorot,
          now,
          SANDBOX_HOLD_DAYS,
          chargeId,
          transactionId,
        ])
      : [];
    const first = charged ?? (await this.row(chargeId));
    if (
      first &&
      first.method !== HOLD_METHOD &&
      first.status === 'paid' &&
      first.return_value === orderId &&
      first.approval_number === approvalNumber &&
      Number(first.amount_agorot) === amountAgorot
    ) {
      return {
        status: 'paid',
        lowProfileId: chargeId,
        returnValue: orderId,
        transactionId: first.transaction_id ?? '',
        approvalNumber: first.approval_number,
        last4: first.last4,
        brand: first.brand,
        amountAgorot,
        document: null,
        method: 'card',
      };
    }
    const refused = (reason: string): HoldChargeResult => ({
      status: 'failed',
      lowProfileId,
      returnValue: orderId,
      responseCode: HOLD_CHARGE_REFUSED_CODE,
      reason: `${reason} (סביבת בדיקה)`,
    });
    if (first) return refused('מזהה החיוב כבר שימש לחיוב אחר');
    const hold = await this.row(lowProfileId);
    if (!hold || hold.method !== HOLD_METHOD || hold.status !== 'paid' || hold.return_value !== orderId) {
      return refused('המסגרת לא נמצאה');
    }
    if (hold.response_code === CAPTURED) return refused('המסגרת כבר חויבה');
    if (hold.transaction_id !== token || hold.approval_number !== approvalNumber) {
      return refused('הטוקן או מספר האישור אינם של המסגרת');
    }
    if (amountAgorot > Number(hold.amount_agorot)) return refused('הסכום גבוה מהמסגרת');
    return refused('תוקף המסגרת פג');
  }

  /**
   * Refunds a paid sandbox charge, as a provider would: never more than it charged in all, and once per refund id
   * (the same id again answers the refund made the first time).
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const { refundId, lowProfileId, transactionId, amountAgorot } = request;
    const providerRefundId = String(randomInt(100_000_000, 999_999_999));
    const [made] = await this.database.run(REFUND, [
      refundId,
      lowProfileId,
      transactionId,
      amountAgorot,
      providerRefundId,
    ]);
    const row = made ?? (await this.database.run(REFUND_READ, [refundId]))[0];
    if (row && row.transaction_id === transactionId && Number(row.amount_agorot) === amountAgorot) {
      return { status: 'refunded', providerRefundId: row.provider_refund_id, amountAgorot };
    }
    return {
      status: 'failed',
      responseCode: REFUND_REFUSED_CODE,
      reason: row
        ? 'מזהה ההחזר כבר שימש להחזר אחר (סביבת בדיקה)'
        : 'העסקה לא נמצאה או שהסכום גבוה מהיתרה שבה (סביבת בדיקה)',
    };
  }

  /** The page as it stands: its row once a card was tried, else open with its facts; null when it is not a page. */
  async page(lowProfileId: string, facts?: SandboxPageFactsSource): Promise<SandboxPage | null> {
    const row = await this.row(lowProfileId);
    const known = await this.factsOf(lowProfileId, facts);
    // The wallets the page offers are facts of its request, not of its row.
    if (row)
      return { ...pageOf(row), ...(known?.googlePay ? { googlePay: true } : {}), ...(known?.bit ? { bit: true } : {}) };
    return known ? { lowProfileId, ...known, status: 'open' } : null;
  }

  /**
   * Checks the card as a payment page would and settles the page: the approved test card pays, every other valid card
   * is declined (the diner may try again on the same page). A paid page takes no more cards.
   */
  async submitCard(
    lowProfileId: string,
    form: CardForm,
    facts?: SandboxPageFactsSource,
    now = new Date(),
  ): Promise<CardOutcome> {
    if (!PAGE_ID.test(lowProfileId)) return { status: 'unknown' };
    const fields = checkCard(form, now);
    if (Object.keys(fields).length > 0) return { status: 'invalid', fields };
    const digits = form.number.replace(/[\s-]/g, '');
    const last4 = digits.slice(-4);
    const brand = cardBrand(digits);
    const approved = digits === SANDBOX_CARDS.approved;
    const hold = await this.isHold(lowProfileId, facts);
    // A held card's row keeps its token where a payment's keeps its transaction id.
    const reference = hold ? randomUUID() : String(randomInt(100_000_000, 999_999_999));
    const result = approved
      ? ['paid', reference, String(randomInt(100_000, 999_999)), last4, brand, '0']
      : ['declined', null, null, last4, brand, DECLINED_CODE];
    return this.settle(lowProfileId, [...result, hold ? HOLD_METHOD : 'card'], approved, facts);
  }

  /**
   * The page's Google Pay or Bit test button: approved at once, as a wallet the diner confirmed (no card number, so
   * no last four digits). Bit pays only on a Bit page, Google Pay only where the business turned it on.
   */
  async submitWallet(
    lowProfileId: string,
    wallet: SandboxWallet,
    facts?: SandboxPageFactsSource,
  ): Promise<CardOutcome> {
    if (!PAGE_ID.test(lowProfileId)) return { status: 'unknown' };
    const known = await this.factsOf(lowProfileId, facts);
    if (known && (wallet === 'bit' ? !known.bit : !known.googlePay)) return { status: 'unknown' };
    // No wallet can hold an amount: a hold page takes a card only.
    if (known?.hold) return { status: 'unknown' };
    const brand = wallet === 'bit' ? 'Bit' : 'Google Pay';
    const result = ['paid', String(randomInt(100_000_000, 999_999_999)), String(randomInt(100_000, 999_999)), null];
    return this.settle(lowProfileId, [...result, brand, '0', wallet], true, facts);
  }

  private async settle(
    lowProfileId: string,
    result: (string | null)[],
    approved: boolean,
    facts?: SandboxPageFactsSource,
  ): Promise<CardOutcome> {
    // The page's facts write its row with the first card; without them (not a page of ours, or an old page that has
    // its row since it opened) only an existing row is settled.
    const known = await this.factsOf(lowProfileId, facts);
    const [row] = known
      ? await this.database.run(CARD, [
          lowProfileId,
          known.returnValue,
          known.amountAgorot,
          known.description,
          known.successUrl,
          known.failedUrl,
          known.webhookUrl,
          ...result,
        ])
      : await this.database.run(SETTLE, [lowProfileId, ...result]);
    if (!row) {
      const [known] = await this.database.run(EXISTS, [lowProfileId]);
      return { status: known ? 'closed' : 'unknown' };
    }
    if (row.status === 'paid') {
      if (this.settled.size >= SETTLED_KEPT) this.settled.delete(this.settled.keys().next().value!);
      this.settled.set(lowProfileId, row);
    }
    return approved
      ? { status: 'paid', page: pageOf(row) }
      : { status: 'declined', reason: 'העסקה סורבה', page: pageOf(row) };
  }

  /** Whether the page is a hold's: by its facts, else by its row. */
  private async isHold(lowProfileId: string, source?: SandboxPageFactsSource): Promise<boolean> {
    const known = await this.factsOf(lowProfileId, source);
    if (known) return known.hold === true;
    return (await this.row(lowProfileId))?.method === HOLD_METHOD;
  }

  private async factsOf(lowProfileId: string, source?: SandboxPageFactsSource): Promise<SandboxPageFacts | null> {
    if (!PAGE_ID.test(lowProfileId)) return null;
    return this.opened.get(lowProfileId) ?? (source ? await source() : null);
  }

  private async row(lowProfileId: string): Promise<SandboxRow | undefined> {
    if (!PAGE_ID.test(lowProfileId)) return undefined;
    const [row] = await this.database.run(READ, [lowProfileId]);
    return row;
  }
}

function pageOf(row: SandboxRow): SandboxPage {
  return {
    lowProfileId: row.low_profile_id,
    returnValue: row.return_value,
    amountAgorot: Number(row.amount_agorot),
    description: row.description,
    successUrl: row.success_url,
    failedUrl: row.failed_url,
    webhookUrl: row.webhook_url,
    status: row.status,
    ...(row.method === HOLD_METHOD ? { hold: true } : {}),
  };
}

function heldAt(row: SandboxRow): Date {
  return row.updated_at instanceof Date ? row.updated_at : new Date(row.updated_at);
}

function checkCard(form: CardForm, now: Date): Partial<Record<keyof CardForm, string>> {
  const fields: Partial<Record<keyof CardForm, string>> = {};
  if (form.name.trim().length < 2) fields.name = 'נא להזין את שם בעל הכרטיס';
  if (!passesLuhn(form.number.replace(/[\s-]/g, ''))) fields.number = 'מספר הכרטיס אינו תקין';
  const expiry = parseExpiry(form.expiry, now);
  if (expiry === 'invalid') fields.expiry = 'נא להזין תוקף בפורמט MM/YY';
  if (expiry === 'expired') fields.expiry = 'תוקף הכרטיס פג';
  if (!/^\d{3,4}$/.test(form.cvv.trim())) fields.cvv = 'נא להזין 3 או 4 ספרות';
  return fields;
}
