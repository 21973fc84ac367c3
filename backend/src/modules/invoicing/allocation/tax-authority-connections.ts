import { createHash, randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { TaxAuthorityStatus } from '@tafrit/contracts';
import type { TaxAuthorityConfig } from '../../../config/tax-authority.config.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { SecretBox } from '../../../platform/secrets/secret-box.js';
import { type AllocationNumbers, NotConnectedAllocationNumbers } from './allocation.port.js';
import type { AllocationNumbersFor, AllocationSeller } from './allocation-numbers-for.js';
import type { GrantRows } from './grant-rows.js';
import { TaxAuthorityAllocationNumbers } from './tax-authority.adapter.js';
import { grantContextOf, type SealedGrantStore, SealedTokenVault, type TokenVault } from './token-vault.js';

/** A seller as the tables name it: the business's phone, or 'platform'. */
export const sellerKeyOf = (seller: AllocationSeller): string =>
  seller === 'platform' ? 'platform' : seller.businessPhone;

/** How long the person has to sign in at the Authority and come back. */
export const STATE_TTL_MS = 10 * 60_000;

/**
 * The state is random (256 bits) and only its SHA-256 is kept: a copy of the table, or of a log line, cannot finish
 * anyone's connect, and a stored row (rather than a signed state) is what makes it single-use (the callback deletes
 * it) and lets it name the seller without trusting anything the browser brings back.
 */
const hashOf = (state: string) => createHash('sha256').update(state, 'utf8').digest('hex');

/** Why a callback kept no grant; for the log only (the person is told "failed"). */
export type CallbackRefusal =
  'unknown_state' | 'expired_state' | 'other_browser' | 'declined' | 'not_configured' | 'exchange_failed';

export type CallbackOutcome = { seller: string | null } & (
  { connected: true } | { connected: false; refusal: CallbackRefusal }
);

/**
 * Each seller's connection to the Tax Authority (decision 047): the process's `AllocationNumbersFor`, and the connect
 * flow behind the owner's and the administrator's screens. One adapter per seller is kept in memory (its access token
 * lives there); its grant is a `SealedTokenVault` over the seller's row of `tax_authority_grants`.
 */
export class TaxAuthorityConnections implements AllocationNumbersFor {
  /** The clock of the states and of the adapters' tokens (tests move it instead of waiting). */
  now: () => number = Date.now;
  private readonly logger = new Logger('TaxAuthority');
  private readonly adapters = new Map<string, TaxAuthorityAllocationNumbers>();
  private readonly none = new NotConnectedAllocationNumbers();

  constructor(
    private readonly config: TaxAuthorityConfig | undefined,
    private readonly rows: GrantRows,
    private readonly box: SecretBox,
  ) {}

  get configured(): boolean {
    return this.config !== undefined;
  }

  of(seller: AllocationSeller): AllocationNumbers {
    if (!this.config) return this.none;
    const key = sellerKeyOf(seller);
    let adapter = this.adapters.get(key);
    if (!adapter) {
      adapter = this.adapterFor(this.config, key, false);
      this.adapters.set(key, adapter);
    }
    return adapter;
  }

  async status(seller: string): Promise<TaxAuthorityStatus> {
    const dates = await this.rows.dates(seller);
    if (!dates) return { configured: this.configured, connected: false };
    return {
      configured: this.configured,
      connected: this.configured && dates.grantEndsAt.getTime() > this.now(),
      connectedAt: dates.connectedAt.toISOString(),
      grantEndsAt: dates.grantEndsAt.toISOString(),
    };
  }

  /** A fresh single-use state for `seller`, and the Authority's sign-in address that carries it. */
  async start(seller: string): Promise<{ url: string; state: string }> {
    if (!this.config) throw new AppError('tax_authority.not_configured');
    // Checked before the person signs in at the Authority: a grant that cannot be sealed would be lost on return.
    if (!this.box.available) throw new AppError('secrets.unavailable');
    const state = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.rows.addState(hashOf(state), seller, new Date(now + STATE_TTL_MS), new Date(now));
    return { url: this.adapterFor(this.config, seller, true).authorizationUrl(state), state };
  }

  /**
   * The browser came back from the Authority. The state is spent whatever follows; it must be known, unexpired, and
   * the one this browser was given (`browserState`, from the cookie set with it), so a state or code carried to
   * another browser, or another seller's, keeps no grant.
   */
  async finish(
    callback: { code?: string | undefined; state: string; error?: string | undefined },
    browserState: string | undefined,
  ): Promise<CallbackOutcome> {
    const taken = await this.rows.takeState(hashOf(callback.state));
    if (!taken) return this.refused(null, 'unknown_state');
    const { seller } = taken;
    if (taken.expiresAt.getTime() <= this.now()) return this.refused(seller, 'expired_state');
    if (browserState !== callback.state) return this.refused(seller, 'other_browser');
    if (!this.config) return this.refused(seller, 'not_configured');
    if (!callback.code || callback.error) return this.refused(seller, 'declined', callback.error);
    const adapter = this.adapterFor(this.config, seller, true);
    const answer = await adapter.exchangeCode(callback.code);
    if (answer.kind !== 'connected') return this.refused(seller, 'exchange_failed', answer.reason);
    // This adapter holds the new access token; the seller's next request uses it.
    this.adapters.set(seller, adapter);
    this.logger.log(`${seller} connected to the Tax Authority until ${answer.refreshExpiresAt.toISOString()}`);
    return { seller, connected: true };
  }

  /**
   * Forgets the seller's grant here. Another server sharing the table may still hold a minutes-long access token in
   * memory; its next renewal finds no grant. The grant at the Authority itself is withdrawn in its personal area.
   */
  async disconnect(seller: string): Promise<void> {
    await this.rows.forget(seller);
    this.adapters.delete(seller);
  }

  private refused(seller: string | null, refusal: CallbackRefusal, detail?: string): CallbackOutcome {
    const why = detail ? `: ${detail.slice(0, 300)}` : '';
    this.logger.warn(`Tax Authority callback kept no grant (${refusal}) for ${seller ?? 'an unknown state'}${why}`);
    return { seller, connected: false, refusal };
  }

  private adapterFor(config: TaxAuthorityConfig, seller: string, connecting: boolean): TaxAuthorityAllocationNumbers {
    return new TaxAuthorityAllocationNumbers({
      config,
      vault: this.vaultOf(seller, connecting),
      // Read through, so a test that moves the clock moves the adapters kept already.
      now: () => this.now(),
    });
  }

  /**
   * The seller's grant, sealed in its row. The first save of a connecting adapter is the new grant (it says since
   * when); every later save is a rotated refresh token and only updates a row that is still there.
   */
  private vaultOf(seller: string, connecting: boolean): TokenVault {
    let connect = connecting;
    let grantEndsAt = new Date(0);
    const store: SealedGrantStore = {
      read: () => this.rows.sealed(seller),
      write: async (sealed) => {
        const keyId = sealed.split('.')[1] ?? '';
        if (connect) {
          await this.rows.connect(seller, sealed, keyId, { connectedAt: new Date(this.now()), grantEndsAt });
          connect = false;
        } else if (!(await this.rows.replace(seller, sealed, keyId, grantEndsAt))) {
          throw new Error('the grant was disconnected meanwhile');
        }
      },
    };
    const vault = new SealedTokenVault(this.box, store, grantContextOf(seller));
    return {
      load: () => vault.load(),
      save: (grant) => {
        // Read by `write`, which `save` calls before its first await.
        grantEndsAt = grant.refreshExpiresAt;
        return vault.save(grant);
      },
    };
  }
}
