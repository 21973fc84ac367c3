import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Tax Authority's invoices API (decision 047) that enforces what is known of it:
 * - the authorization code flow under `longtimetoken/oauth2/`: a code is single-use, short-lived and bound to the
 *   redirect URI; the client authenticates with Basic or with form credentials;
 * - access tokens that end `accessTtlSeconds` after they are issued (601 in the Authority's answers);
 * - refresh tokens that rotate (the old one is refused once used) and end `refreshTtlSeconds` after the person's
 *   consent (`consented_on`), which a refresh does not move: only a new grant does;
 * - `Invoices/v2/Approval` behind the bearer token: validation errors (400, 43x codes), a configured refusal (460),
 *   otherwise a confirmation number whose last 9 digits are the allocation number.
 * Its clock is its own and moves only when a test says so (`advance`), so nothing waits for real time. Assumptions
 * beyond the sources (marked in decision 047): the same invoice_id asked again gets the same number; 460 comes with
 * HTTP 200 as a v2 body.
 */
export interface StandInOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accessTtlSeconds?: number;
  refreshTtlSeconds?: number;
  /** `long`: like the published examples (a timestamp, then the 9 digits); `nine`: the 9 digits alone. */
  numberFormat?: 'long' | 'nine';
}

export type StandInRoute = 'token' | 'approval';
export type StandInBehaviour = 'normal' | 'hang' | 'unavailable';

interface RefreshRecord {
  consentedOn: number;
  used: boolean;
}

const CODE_TTL_MS = 10 * 60_000;

export async function startTaxAuthorityStandIn(options: StandInOptions) {
  const accessTtl = options.accessTtlSeconds ?? 601;
  const refreshTtl = options.refreshTtlSeconds ?? 30 * 24 * 3600;
  let clock = Date.parse('2026-07-01T06:00:00Z');
  let serial = 0;
  const codes = new Map<string, { redirectUri: string; issuedAt: number; used: boolean }>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Map<string, RefreshRecord>();
  const granted = new Map<string, string>();
  const behaviour: Record<StandInRoute, StandInBehaviour> = { token: 'normal', approval: 'normal' };
  const hung = new Set<ServerResponse>();
  let refusal: ((body: Record<string, unknown>) => string | null) | null = null;
  const seen = { approvals: [] as Record<string, unknown>[], tokenGrants: [] as string[], refusedRefreshes: 0 };

  const nextToken = (prefix: string) => `${prefix}-${(serial += 1)}-${Math.random().toString(36).slice(2)}`;

  function issueTokens(consentedOn: number) {
    const accessToken = nextToken('access');
    const refreshToken = nextToken('refresh');
    accessTokens.set(accessToken, clock + accessTtl * 1000);
    refreshTokens.set(refreshToken, { consentedOn, used: false });
    return {
      token_type: 'Bearer',
      access_token: accessToken,
      scope: 'scope',
      expires_in: accessTtl,
      consented_on: Math.floor(consentedOn / 1000),
      refresh_token: refreshToken,
      refresh_token_expires_in: refreshTtl,
    };
  }

  function clientOf(request: IncomingMessage, form: URLSearchParams) {
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
    if (basic) {
      const [id, secret] = Buffer.from(basic[1] as string, 'base64')
        .toString('utf8')
        .split(':');
      return { id, secret };
    }
    return { id: form.get('client_id'), secret: form.get('client_secret') };
  }

  function token(request: IncomingMessage, text: string): [number, unknown] {
    const form = new URLSearchParams(text);
    const client = clientOf(request, form);
    if (client.id !== options.clientId || client.secret !== options.clientSecret) {
      return [401, { error: 'unauthorized_client', error_description: 'Invalid client ID or secret' }];
    }
    const grantType = form.get('grant_type') ?? '';
    seen.tokenGrants.push(grantType);
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code || code.used || clock - code.issuedAt > CODE_TTL_MS || code.redirectUri !== form.get('redirect_uri')) {
        return [400, { error: 'invalid_grant', error_description: 'Invalid or expired authorization code' }];
      }
      code.used = true;
      return [200, issueTokens(clock)];
    }
    if (grantType === 'refresh_token') {
      const record = refreshTokens.get(form.get('refresh_token') ?? '');
      const problem = !record
        ? 'Invalid refresh token'
        : record.used
          ? 'Refresh token already used'
          : clock >= record.consentedOn + refreshTtl * 1000
            ? 'Refresh token expired'
            : null;
      if (problem || !record) {
        seen.refusedRefreshes += 1;
        return [400, { error: 'invalid_grant', error_description: problem }];
      }
      record.used = true;
      return [200, issueTokens(record.consentedOn)];
    }
    return [400, { error: 'unsupported_grant_type' }];
  }

  function approval(request: IncomingMessage, text: string): [number, unknown] {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const expiresAt = accessTokens.get(bearer);
    if (expiresAt === undefined || clock >= expiresAt) {
      return [
        401,
        { httpCode: '401', httpMessage: 'Unauthorized', moreInformation: 'Cannot pass the security checks' },
      ];
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return [400, { status: 400, message: { errors: [{ code: 400, message: 'Malformed JSON' }] } }];
    }
    seen.approvals.push(body);
    const errors = validationErrors(body);
    if (errors.length > 0) {
      return [400, { status: 400, message: { errors }, confirmation_number: '0', approved: false }];
    }
    const reason = refusal?.(body) ?? null;
    if (reason) {
      const errors460 = [{ code: 460, message: reason, param: '', location: 'approval' }];
      return [200, { status: 200, message: { errors: errors460 }, confirmation_number: '0', approved: false }];
    }
    const key = `${String(body.vat_number)}/${String(body.invoice_id)}`;
    let confirmation = granted.get(key);
    if (!confirmation) {
      const nine = String(100_000_000 + granted.size * 7919 + 4242).slice(-9);
      const stamp = new Date(clock).toISOString().replace(/\D/g, '').slice(0, 17);
      confirmation = options.numberFormat === 'nine' ? nine : `${stamp}${nine}`;
      granted.set(key, confirmation);
    }
    return [200, { status: 200, message: 'Invoice approved', confirmation_number: confirmation, approved: true }];
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const route: StandInRoute | 'authorize' | null = url.pathname.endsWith('/longtimetoken/oauth2/token')
        ? 'token'
        : url.pathname.endsWith('/Invoices/v2/Approval')
          ? 'approval'
          : url.pathname.endsWith('/longtimetoken/oauth2/authorize')
            ? 'authorize'
            : null;
      if (route === 'authorize') return authorize(url, response);
      if (!route || request.method !== 'POST') return send(response, 404, { error: 'no route' });
      if (behaviour[route] === 'hang') {
        // Taken in and never answered, as a stalled gateway does: nothing is processed.
        hung.add(response);
        return;
      }
      if (behaviour[route] === 'unavailable') return send(response, 503, '<html>Service Unavailable</html>');
      const text = Buffer.concat(chunks).toString('utf8');
      const [status, body] = route === 'token' ? token(request, text) : approval(request, text);
      send(response, status, body);
    });
  });

  /** The authorised person signed in and agreed: the browser is sent back with a code. */
  function authorize(url: URL, response: ServerResponse) {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    const valid =
      url.searchParams.get('response_type') === 'code' &&
      url.searchParams.get('client_id') === options.clientId &&
      url.searchParams.get('scope') === 'scope' &&
      redirectUri === options.redirectUri;
    if (!valid) return send(response, 400, { error: 'invalid_request', error_description: 'Redirect URI missing' });
    const code = nextToken('code');
    codes.set(code, { redirectUri, issuedAt: clock, used: false });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    const state = url.searchParams.get('state');
    if (state !== null) back.searchParams.set('state', state);
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/shaam/tsandbox`,
    /** The stand-in's clock, for the adapter too (the Authority and the server agree on the time, unless a test not). */
    now: () => clock,
    advance(seconds: number) {
      clock += seconds * 1000;
    },
    behave(route: StandInRoute, next: StandInBehaviour) {
      behaviour[route] = next;
    },
    /** A rule the Authority's checks apply: a reason refuses the invoice with 460, null approves it. */
    refuseWhen(rule: ((body: Record<string, unknown>) => string | null) | null) {
      refusal = rule;
    },
    seen,
    /** The confirmation number issued for a seller's invoice id, if any. */
    grantedFor: (vatNumber: string, invoiceId: string) => granted.get(`${Number(vatNumber)}/${invoiceId}`),
    isRefreshTokenLive: (refreshToken: string) => {
      const record = refreshTokens.get(refreshToken);
      return !!record && !record.used && clock < record.consentedOn + refreshTtl * 1000;
    },
    async close() {
      for (const response of hung) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TaxAuthorityStandIn = Awaited<ReturnType<typeof startTaxAuthorityStandIn>>;

function send(response: ServerResponse, status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/html' : 'application/json; charset=utf-8',
  });
  response.end(text);
}

const NINE_DIGITS = /^\d{9}$/;
/** N12.2: a number with at most two decimals (as a double: within a hair of a whole number of agorot). */
const MONEY = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** The checks the published error list names (43x); codes as the Authority's examples show them. */
function validationErrors(body: Record<string, unknown>) {
  const errors: { code: number; message: string; param: string; location: string }[] = [];
  const fail = (code: number, message: string, param: string) =>
    errors.push({ code, message, param, location: 'validation' });
  if (typeof body.invoice_id !== 'string' || !body.invoice_id || body.invoice_id.length > 50) {
    fail(400, 'Invoice ID is missing', 'invoice_id');
  }
  if (![305, 320, 330].includes(body.invoice_type as number)) fail(400, 'Invoice type is invalid', 'invoice_type');
  if (!NINE_DIGITS.test(String(body.vat_number).padStart(9, '0'))) fail(431, 'VAT Number is incorrect', 'vat_number');
  if (!NINE_DIGITS.test(String(body.customer_vat_number).padStart(9, '0'))) {
    fail(432, 'Customer VAT Number is incorrect', 'customer_vat_number');
  }
  if (typeof body.invoice_reference_number !== 'string' || !body.invoice_reference_number) {
    fail(400, 'Invoice reference number is missing', 'invoice_reference_number');
  }
  if (typeof body.invoice_date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(body.invoice_date)) {
    fail(434, 'Invoice date is invalid', 'invoice_date');
  }
  if (typeof body.accounting_software_number !== 'number') {
    fail(400, 'Accounting software number is missing', 'accounting_software_number');
  }
  const amounts = [
    'amount_before_discount',
    'discount',
    'payment_amount',
    'vat_amount',
    'payment_amount_including_vat',
  ];
  for (const field of amounts) if (!MONEY(body[field])) fail(400, `${field} is not an amount`, field);
  const total = Math.round(((body.payment_amount as number) + (body.vat_amount as number)) * 100);
  if (errors.length === 0 && total !== Math.round((body.payment_amount_including_vat as number) * 100)) {
    fail(438, 'Payment amount including VAT is incorrect', 'payment_amount_including_vat');
  }
  return errors;
}
