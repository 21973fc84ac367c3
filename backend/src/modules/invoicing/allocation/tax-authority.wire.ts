import type { AllocationAnswer, AllocationRequest, UnavailableCause } from './allocation.port.js';
import { REFUSAL_OPTIONS } from './allocation.port.js';

/*
 * The Tax Authority's wire format, as far as it could be established (decision 047 lists the sources).
 *
 * Verified against a published definition (the Authority's v1 description, reprinted in ידע למידע 565, Oct. 2023,
 * pp. 150 and 153): an approved invoice gets a confirmation number; a confirmation number of 0 means "look at the error
 * list"; errors come as `{ code, message, param, location }` inside `Message.errors` (v1 casing).
 * Observed in the Authority's sandbox through a public demo (dsaddan/Israel-Tax-Authority-OpenAPI-Taxes-Demo), not in a
 * definition: the OAuth2 paths under `longtimetoken/oauth2/`, the literal scope `scope`, Basic client authentication on
 * the code exchange and form client credentials on the refresh, and the token answer's fields (`expires_in` 601,
 * `consented_on`, `refresh_token_expires_in`).
 * UNVERIFIED (secondary sources that cite the v2 specification of July 2024, table 2.1 and section 2.3, which could not
 * be read here): the v2 path `Invoices/v2/Approval`, its lower-case field names, `approved` and `confirmation_number` in
 * the answer, refusal codes 460/461/462 arriving with HTTP 200, and printing the confirmation number's last 9 digits.
 */

export const AUTHORIZE_PATH = 'longtimetoken/oauth2/authorize';
export const TOKEN_PATH = 'longtimetoken/oauth2/token';
export const APPROVAL_PATH = 'Invoices/v2/Approval';
/** The Authority's apps are granted one scope, literally named "scope" (observed, not defined). */
export const SCOPE = 'scope';

/** Codes that mean "the Authority looked at the invoice and did not approve it" (UNVERIFIED beyond 460). */
const NOT_APPROVED_CODES = new Set(['460', '461', '462']);

/** Agorot to the API's shekels with two decimals (N12.2): 1234567 → 12345.67, exact for integer agorot. */
export const shekels = (agorot: number): number => agorot / 100;

/** The v2 Approval body (UNVERIFIED field names, see above); optional and "future use" fields are left out. */
export function approvalBody(invoice: AllocationRequest, softwareNumber: string): Record<string, unknown> {
  return {
    invoice_id: invoice.invoiceId,
    invoice_type: invoice.documentType,
    vat_number: Number(invoice.sellerDealerNumber),
    invoice_reference_number: invoice.documentNumber,
    customer_vat_number: Number(invoice.buyerTaxId),
    // A25 per one secondary source (UNVERIFIED): a shortened name costs nothing, a long one could be refused.
    ...(invoice.buyerName ? { customer_name: invoice.buyerName.slice(0, 25) } : {}),
    invoice_date: invoice.issueDate,
    // The date the software issued it; ours issues on the document's date.
    invoice_issuance_date: invoice.issueDate,
    accounting_software_number: Number(softwareNumber),
    amount_before_discount: shekels(invoice.amountBeforeVatAgorot),
    // Our documents carry prices after any discount: the amount before VAT is the amount paid.
    discount: 0,
    payment_amount: shekels(invoice.amountBeforeVatAgorot),
    vat_amount: shekels(invoice.vatAgorot),
    payment_amount_including_vat: shekels(invoice.totalAgorot),
  };
}

export interface TokenAnswer {
  accessToken: string;
  /** Epoch ms by the adapter's clock. */
  accessExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** When the answer gives no refresh lifetime: the shortest reported (a month), so the owner is asked early. */
const DEFAULT_REFRESH_SECONDS = 30 * 24 * 3600;

/**
 * The token endpoint's answer. The access token's end is counted from when the answer arrived (our clock), not from
 * `consented_on`; the refresh token's end from `consented_on` (the moment the person granted access) when it is
 * given, as the Authority's demo does: a refresh does not extend the grant (UNVERIFIED that it never does).
 */
export function readTokenAnswer(body: unknown, receivedAt: number): TokenAnswer | null {
  if (!body || typeof body !== 'object') return null;
  const answer = body as Record<string, unknown>;
  const accessToken = answer.access_token;
  const refreshToken = answer.refresh_token;
  const expiresIn = Number(answer.expires_in);
  if (typeof accessToken !== 'string' || !accessToken || typeof refreshToken !== 'string' || !refreshToken) return null;
  if (!Number.isFinite(expiresIn) || expiresIn <= 0) return null;
  const refreshSeconds = Number(answer.refresh_token_expires_in);
  const consentedOn = Number(answer.consented_on);
  const from = Number.isFinite(consentedOn) && consentedOn > 0 ? consentedOn * 1000 : receivedAt;
  return {
    accessToken,
    accessExpiresAt: receivedAt + expiresIn * 1000,
    refreshToken,
    refreshExpiresAt: new Date(
      from + (Number.isFinite(refreshSeconds) && refreshSeconds > 0 ? refreshSeconds : DEFAULT_REFRESH_SECONDS) * 1000,
    ),
  };
}

interface ApiError {
  code: string;
  message: string;
}

/** Errors in every shape seen: v2 `message.errors`, v1 `Message.errors` or `Message: [{ errors }]`, bare `errors`. */
function errorsOf(body: Record<string, unknown>): ApiError[] {
  const lists: unknown[] = [];
  for (const key of ['message', 'Message']) {
    const value = body[key];
    if (Array.isArray(value)) value.forEach((entry) => lists.push((entry as { errors?: unknown } | null)?.errors));
    else if (value && typeof value === 'object') lists.push((value as { errors?: unknown }).errors);
  }
  lists.push(body.errors);
  return lists
    .filter((list): list is unknown[] => Array.isArray(list))
    .flat()
    .filter((entry): entry is Record<string, unknown> => !!entry && typeof entry === 'object' && 'code' in entry)
    .map((entry) => ({ code: String(entry.code), message: String(entry.message ?? '') }));
}

function confirmationOf(body: Record<string, unknown>): string {
  const raw = body.confirmation_number ?? body.Confirmation_Number ?? body.Confirmation_number;
  return typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
}

const unavailable = (cause: UnavailableCause, reason: string): AllocationAnswer => ({
  kind: 'unavailable',
  cause,
  reason,
});

function refusal(errors: ApiError[], fallbackCode: string): AllocationAnswer {
  const main = errors.find((error) => NOT_APPROVED_CODES.has(error.code)) ?? errors[0];
  return {
    kind: 'refused',
    code: main?.code ?? fallbackCode,
    reason:
      errors.map((error) => `${error.code}: ${error.message || 'no message'}`).join('; ') || 'Invoice not approved',
    options: REFUSAL_OPTIONS,
  };
}

/**
 * The Approval answer, by HTTP status and body. `'unauthorized'` tells the adapter to refresh the access token and
 * try once more; everything else is the port's answer.
 */
export function readApprovalAnswer(status: number, body: unknown): AllocationAnswer | 'unauthorized' {
  if (status === 401) return 'unauthorized';
  // The grant does not cover the seller's file (or was withdrawn): only a person at the Authority can change that.
  if (status === 403) return unavailable('grant_needed', 'the Tax Authority refused the grant for this seller (403)');
  if (status === 408 || status === 429 || status >= 500) {
    return unavailable('server', `the Tax Authority answered ${status}`);
  }
  const answer = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const errors = errorsOf(answer);
  if (status === 460) return refusal(errors, '460');
  if (status === 200) {
    const confirmation = confirmationOf(answer);
    if (answer.approved !== false && /^\d{9,}$/.test(confirmation) && !/^0+$/.test(confirmation)) {
      return { kind: 'granted', number: confirmation.slice(-9), confirmationNumber: confirmation };
    }
    if (errors.length > 0) return refusal(errors, '460');
    return unavailable('unexpected', `an approval answer without a number or an error: ${JSON.stringify(body)}`);
  }
  // A validation refusal (wrong buyer number, a date out of range): the same request would be refused again.
  if ((status === 400 || status === 422) && errors.length > 0) return refusal(errors, String(status));
  return unavailable('unexpected', `the Tax Authority answered ${status}: ${JSON.stringify(body)}`);
}
