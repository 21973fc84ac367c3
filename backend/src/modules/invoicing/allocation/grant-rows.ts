import type { Database } from '../../../platform/database/database.js';
import { execute, query } from '../../../platform/database/sql.js';

/** What the settings screens may know of a kept grant: when it was given and when it ends, never the token. */
export interface GrantDates {
  connectedAt: Date;
  grantEndsAt: Date;
}

const instant = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/**
 * The invoicing module's two tables of the Tax Authority's grants (decision 047, migration
 * 20261206000100): `tax_authority_grants`, one sealed grant per seller (a business's phone, or 'platform'), and
 * `tax_authority_connect_states`, the hashed `state` of each connect in progress. Nothing here sees a token in the
 * clear: the sealing is `SealedTokenVault`'s.
 */
export class GrantRows {
  constructor(private readonly database: Database) {}

  async sealed(seller: string): Promise<string | null> {
    const [row] = await query<{ sealed_grant: string }>(
      this.database.em(),
      'select sealed_grant from tax_authority_grants where seller = ?',
      [seller],
    );
    return row?.sealed_grant ?? null;
  }

  async dates(seller: string): Promise<GrantDates | null> {
    const [row] = await query<{ connected_at: Date | string; grant_ends_at: Date | string }>(
      this.database.em(),
      'select connected_at, grant_ends_at from tax_authority_grants where seller = ?',
      [seller],
    );
    return row ? { connectedAt: instant(row.connected_at), grantEndsAt: instant(row.grant_ends_at) } : null;
  }

  /** A new grant (the code just exchanged): replaces whatever the seller had, and says since when. */
  async connect(seller: string, sealed: string, keyId: string, dates: GrantDates): Promise<void> {
    await execute(
      this.database.em(),
      `insert into tax_authority_grants (seller, sealed_grant, key_id, connected_at, grant_ends_at, updated_at)
       values (?, ?, ?, ?::timestamptz, ?::timestamptz, now())
       on conflict (seller) do update set sealed_grant = excluded.sealed_grant, key_id = excluded.key_id,
         connected_at = excluded.connected_at, grant_ends_at = excluded.grant_ends_at, updated_at = now()`,
      [seller, sealed, keyId, dates.connectedAt.toISOString(), dates.grantEndsAt.toISOString()],
    );
  }

  /**
   * The rotated refresh token of a kept grant. Never creates the row: a refresh that ends after the seller
   * disconnected must not bring the grant back (false: nothing was kept).
   */
  async replace(seller: string, sealed: string, keyId: string, grantEndsAt: Date): Promise<boolean> {
    const changed = await execute(
      this.database.em(),
      `update tax_authority_grants set sealed_grant = ?, key_id = ?, grant_ends_at = ?::timestamptz, updated_at = now()
        where seller = ?`,
      [sealed, keyId, grantEndsAt.toISOString(), seller],
    );
    return changed > 0;
  }

  async forget(seller: string): Promise<void> {
    await execute(this.database.em(), 'delete from tax_authority_grants where seller = ?', [seller]);
  }

  /** Keeps a connect's state (its hash) until `expiresAt`; states that ended before `now` go with it. */
  async addState(stateHash: string, seller: string, expiresAt: Date, now: Date): Promise<void> {
    const em = this.database.em();
    await execute(em, 'delete from tax_authority_connect_states where expires_at <= ?::timestamptz', [
      now.toISOString(),
    ]);
    await execute(
      em,
      'insert into tax_authority_connect_states (state_hash, seller, expires_at) values (?, ?, ?::timestamptz)',
      [stateHash, seller, expiresAt.toISOString()],
    );
  }

  /** The state's row, deleted in the same statement: of two callbacks with one state, only one gets it. */
  async takeState(stateHash: string): Promise<{ seller: string; expiresAt: Date } | null> {
    const [row] = await query<{ seller: string; expires_at: Date | string }>(
      this.database.em(),
      'delete from tax_authority_connect_states where state_hash = ? returning seller, expires_at',
      [stateHash],
    );
    return row ? { seller: row.seller, expiresAt: instant(row.expires_at) } : null;
  }
}
