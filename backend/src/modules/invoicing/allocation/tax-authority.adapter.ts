import type { TaxAuthorityConfig } from '../../../config/tax-authority.config.js';
import {
  type AllocationAnswer,
  type AllocationNumbers,
  type AllocationRequest,
  assertWellFormed,
  NotConnectedAllocationNumbers,
  type UnavailableCause,
} from './allocation.port.js';
import type { StoredGrant, TokenVault } from './token-vault.js';
import {
  APPROVAL_PATH,
  AUTHORIZE_PATH,
  approvalBody,
  readApprovalAnswer,
  readTokenAnswer,
  SCOPE,
  TOKEN_PATH,
  type TokenAnswer,
} from './tax-authority.wire.js';

type Unavailable = Extract<AllocationAnswer, { kind: 'unavailable' }>;

/** The one-time grant's outcome: connected until `refreshExpiresAt`, or why not. */
export type GrantAnswer = { kind: 'connected'; refreshExpiresAt: Date } | Unavailable;

export interface TaxAuthorityAdapterOptions {
  config: TaxAuthorityConfig;
  /** The grant this adapter acts on: one café's, or the platform's own. */
  vault: TokenVault;
  /** Epoch ms; injected so tests move time instead of waiting for it. */
  now?: () => number;
  fetch?: typeof fetch;
  /** The access token is renewed this long before its end, so none expires in flight (a minute by default). */
  refreshMarginMs?: number;
}

const unavailable = (cause: UnavailableCause, reason: string): Unavailable => ({ kind: 'unavailable', cause, reason });

const NEW_GRANT =
  'a new grant is needed: an authorised person of the business signs in at the Tax Authority and grants access again';

/**
 * The Tax Authority's invoices API (OAuth2 authorization code, decision 047). An authorised person grants access once
 * (`authorizationUrl`, then `exchangeCode` with the code the Authority sends back); after that the adapter keeps the
 * minutes-long access token in memory, renews it with the refresh token shortly before it ends, and stores the new
 * refresh token the Authority returns every time (the old one stops working). Every call is abandoned after
 * `config.timeoutMs`. Nothing here throws for what the Authority or the network does: it answers.
 */
export class TaxAuthorityAllocationNumbers implements AllocationNumbers {
  private readonly now: () => number;
  private readonly fetch: typeof fetch;
  private readonly refreshMarginMs: number;
  private access: { token: string; expiresAt: number } | null = null;
  /** A new grant the vault refused to store: kept here and offered to the vault again on every request. */
  private grant: StoredGrant | null = null;
  private grantUnsaved = false;
  /** One refresh at a time: two would spend the same refresh token, and the second would lose the grant. */
  private refreshing: Promise<string | Unavailable> | null = null;

  constructor(private readonly options: TaxAuthorityAdapterOptions) {
    this.now = options.now ?? Date.now;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.refreshMarginMs = options.refreshMarginMs ?? 60_000;
  }

  /** Where to send the authorised person; `state` comes back with the code and must be checked by the caller. */
  authorizationUrl(state: string): string {
    const { authUrl, clientId, redirectUri } = this.options.config;
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      scope: SCOPE,
      redirect_uri: redirectUri,
      state,
    });
    return `${authUrl}/${AUTHORIZE_PATH}?${query.toString()}`;
  }

  /** Trades the code from the Authority's redirect for the first tokens, and stores the grant. */
  async exchangeCode(code: string): Promise<GrantAnswer> {
    const { clientId, clientSecret, redirectUri } = this.options.config;
    const answer = await this.tokenCall(
      new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, scope: SCOPE }),
      // The Authority's demo authenticates the code exchange with Basic (observed, not defined).
      { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64')}` },
    );
    if (answer.kind === 'refused') {
      return unavailable('grant_needed', `the Tax Authority refused the code (${answer.detail}); sign in again`);
    }
    if (answer.kind === 'unavailable') return answer;
    const stored = await this.keep(answer.tokens);
    return stored ?? { kind: 'connected', refreshExpiresAt: answer.tokens.refreshExpiresAt };
  }

  async request(invoice: AllocationRequest): Promise<AllocationAnswer> {
    assertWellFormed(invoice);
    const token = await this.accessToken();
    if (typeof token !== 'string') return token;
    const answer = await this.approve(invoice, token);
    if (answer !== 'unauthorized') return answer;
    // Our clock and the Authority's may disagree, or the token was revoked: renew once and try once more.
    const renewed = await this.accessToken(token);
    if (typeof renewed !== 'string') return renewed;
    const again = await this.approve(invoice, renewed);
    return again === 'unauthorized'
      ? unavailable('grant_needed', `the Tax Authority refused a fresh access token (401); ${NEW_GRANT}`)
      : again;
  }

  private async approve(invoice: AllocationRequest, token: string): Promise<AllocationAnswer | 'unauthorized'> {
    const result = await this.call(`${this.options.config.apiUrl}/${APPROVAL_PATH}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json; charset=utf-8',
        accept: 'application/json',
      },
      body: JSON.stringify(approvalBody(invoice, this.options.config.softwareNumber)),
    });
    return 'kind' in result ? result : readApprovalAnswer(result.status, result.body);
  }

  /**
   * A usable access token. `stale` is the token the Authority just refused: renew only if no other request renewed
   * it meanwhile.
   */
  private async accessToken(stale?: string): Promise<string | Unavailable> {
    const cached = this.access;
    const fresh = cached && this.now() < cached.expiresAt - this.refreshMarginMs;
    if (cached && fresh && cached.token !== stale) {
      await this.retrySaving();
      return cached.token;
    }
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refresh(): Promise<string | Unavailable> {
    this.access = null;
    let grant: StoredGrant | null;
    try {
      // The vault, not memory, is the truth: another server sharing it may have rotated the token since.
      grant = this.grantUnsaved ? this.grant : await this.options.vault.load();
    } catch (error) {
      return unavailable('unexpected', `the grant cannot be read: ${(error as Error).message}`);
    }
    if (!grant) return unavailable('grant_needed', `no grant: ${NEW_GRANT}`);
    let answer = await this.refreshWith(grant);
    if (answer.kind === 'refused' && !this.grantUnsaved) {
      // Two servers refreshed at once and the other won: its new token is in the vault by now, or soon.
      const stored = await this.options.vault.load().catch(() => null);
      if (stored && stored.refreshToken !== grant.refreshToken) answer = await this.refreshWith(stored);
    }
    if (answer.kind === 'expired') {
      return unavailable('grant_needed', `the grant expired on ${answer.at.toISOString()}; ${NEW_GRANT}`);
    }
    if (answer.kind === 'refused') {
      return unavailable(
        'grant_needed',
        `the Tax Authority refused the refresh token (${answer.detail}); ${NEW_GRANT}`,
      );
    }
    if (answer.kind === 'unavailable') return answer;
    // A vault that fails now does not cost this number: the new grant is held in memory and saved on the next request.
    await this.keep(answer.tokens);
    return answer.tokens.accessToken;
  }

  private async refreshWith(grant: StoredGrant) {
    if (grant.refreshExpiresAt.getTime() <= this.now()) return { kind: 'expired' as const, at: grant.refreshExpiresAt };
    const { clientId, clientSecret } = this.options.config;
    // The demo sends the client's credentials in the form on a refresh (observed, not defined).
    return this.tokenCall(
      new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: grant.refreshToken,
        client_id: clientId,
        client_secret: clientSecret,
      }),
      {},
    );
  }

  /** Stores the new grant before the access token is used; answers why not when the vault refused. */
  private async keep(tokens: TokenAnswer): Promise<Unavailable | null> {
    this.grant = { refreshToken: tokens.refreshToken, refreshExpiresAt: tokens.refreshExpiresAt };
    this.access = { token: tokens.accessToken, expiresAt: tokens.accessExpiresAt };
    this.grantUnsaved = true;
    return this.retrySaving();
  }

  private async retrySaving(): Promise<Unavailable | null> {
    if (!this.grantUnsaved || !this.grant) return null;
    try {
      await this.options.vault.save(this.grant);
      this.grantUnsaved = false;
      return null;
    } catch (error) {
      return unavailable('unexpected', `the new grant cannot be stored: ${(error as Error).message}`);
    }
  }

  private async tokenCall(form: URLSearchParams, headers: Record<string, string>) {
    const result = await this.call(`${this.options.config.authUrl}/${TOKEN_PATH}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    if ('kind' in result) return result;
    const { status, body } = result;
    if (status === 400 || status === 401) {
      const detail = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      return { kind: 'refused' as const, detail: String(detail.error_description ?? detail.error ?? status) };
    }
    if (status !== 200) {
      return status === 408 || status === 429 || status >= 500
        ? unavailable('server', `the Tax Authority's token endpoint answered ${status}`)
        : unavailable('unexpected', `the Tax Authority's token endpoint answered ${status}`);
    }
    const tokens = readTokenAnswer(body, this.now());
    return tokens
      ? { kind: 'tokens' as const, tokens }
      : unavailable('unexpected', "the Tax Authority's token answer has no tokens");
  }

  /** One HTTP call under the timeout; the body is read under the same signal, so a stalled body also times out. */
  private async call(url: string, init: RequestInit): Promise<{ status: number; body: unknown } | Unavailable> {
    const { timeoutMs } = this.options.config;
    try {
      const response = await this.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Kept as text: an HTML error page says more in the log than nothing.
      }
      return { status: response.status, body };
    } catch (error) {
      const name = (error as Error).name;
      return name === 'TimeoutError' || name === 'AbortError'
        ? unavailable('timeout', `no answer from the Tax Authority within ${timeoutMs} ms`)
        : unavailable('unreachable', `the Tax Authority cannot be reached: ${(error as Error).message}`);
    }
  }
}

/** The adapter for this server: the Authority's when TAX_AUTHORITY_* is configured, else one that is not connected. */
export function createAllocationNumbers(
  config: TaxAuthorityConfig | undefined,
  options: Omit<TaxAuthorityAdapterOptions, 'config'>,
): AllocationNumbers {
  return config ? new TaxAuthorityAllocationNumbers({ ...options, config }) : new NotConnectedAllocationNumbers();
}
