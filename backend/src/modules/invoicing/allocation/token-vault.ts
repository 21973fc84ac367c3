import type { SecretBox } from '../../../platform/secrets/secret-box.js';

/**
 * The lasting half of a grant: the refresh token and when it stops working. The access token lives minutes and stays
 * in the adapter's memory only; the refresh token lets the server act for the business at the Tax Authority, so it is
 * kept sealed (decision 047) and replaced on every refresh, because the Authority rotates it.
 */
export interface StoredGrant {
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** Where one grant (one café's, or the platform's own) is kept between refreshes and restarts. */
export interface TokenVault {
  load(): Promise<StoredGrant | null>;
  /** Called with the NEW refresh token after every exchange or refresh, before the access token is used. */
  save(grant: StoredGrant): Promise<void>;
}

/** Raw storage of one sealed value: a table row, a file. It never sees the token in the clear. */
export interface SealedGrantStore {
  read(): Promise<string | null>;
  write(sealed: string): Promise<void>;
}

/**
 * A `TokenVault` that seals with `SecretBox` (AES-256-GCM, the same keys as a business's Cardcom password, decision
 * 026) before anything reaches the store. `context` names the grant's owner (`tax-authority-grant:<business phone>`
 * or `tax-authority-grant:platform`): a sealed grant copied to another owner's row does not open.
 */
export class SealedTokenVault implements TokenVault {
  constructor(
    private readonly box: SecretBox,
    private readonly store: SealedGrantStore,
    private readonly context: string,
  ) {}

  async load(): Promise<StoredGrant | null> {
    const sealed = await this.store.read();
    if (sealed === null) return null;
    const { refreshToken, refreshExpiresAt } = JSON.parse(this.box.open(sealed, this.context)) as {
      refreshToken: string;
      refreshExpiresAt: string;
    };
    return { refreshToken, refreshExpiresAt: new Date(refreshExpiresAt) };
  }

  async save(grant: StoredGrant): Promise<void> {
    const plaintext = JSON.stringify({
      refreshToken: grant.refreshToken,
      refreshExpiresAt: grant.refreshExpiresAt.toISOString(),
    });
    await this.store.write(this.box.seal(plaintext, this.context));
  }
}

export const grantContextOf = (owner: string) => `tax-authority-grant:${owner}`;
