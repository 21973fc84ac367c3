import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import type {
  ChargeHoldRequest,
  HoldChargeResult,
  HoldResult,
  OpenedPaymentPage,
  OpenHoldPageRequest,
  OpenPaymentPageRequest,
  PaymentProvider,
  PaymentResult,
  RefundRequest,
  RefundResult,
} from '../payment-provider.port.js';
import type { PaymentMethod } from '@tafrit/contracts';
import { cardBrand, parseExpiry, passesLuhn, SANDBOX_CARDS } from './card-checks.js';
import { chargeSandboxHold, holdResultOf } from './sandbox-holds.js';
import {
  CARD,
  EXISTS,
  HOLD_METHOD,
  READ,
  REFUND,
  REFUND_READ,
  REFUND_REFUSED_CODE,
  SETTLE,
  type SandboxRow,
} from './sandbox-rows.js';

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
/** Paid pages this process settled, kept for the verification that follows at once (see `settled`). */
const SETTLED_KEPT = 10_000;
/** Pages this process opened, kept for the card that usually follows within minutes (see `opened`). */
const OPENED_KEPT = 20_000;
const PAGE_ID = /^[0-9a-f-]{36}$/;

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
    const facts = PAGE_ID.test(lowProfileId) ? this.opened.get(lowProfileId) : undefined;
    return holdResultOf({ row, lowProfileId, facts, isPageId: PAGE_ID.test(lowProfileId), holdAgorot });
  }

  /**
   * Charges a hold as Cardcom captures a J5 authorisation: once, at most the amount held, within the sandbox's
   * hold days, with the hold's token and approval number (sandbox-holds.ts). The same `chargeId` again answers the
   * first charge. Amounts the hold cannot cover are refused before anything is read (`HoldChargeRefused`).
   */
  chargeHold(request: ChargeHoldRequest, now = new Date()): Promise<HoldChargeResult> {
    return chargeSandboxHold({ database: this.database, read: (id) => this.row(id), request, now });
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
