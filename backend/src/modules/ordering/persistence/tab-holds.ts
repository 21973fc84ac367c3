import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { execute, query } from '../../../platform/database/sql.js';
import { AppError } from '../../../platform/http/app-error.js';
import { SecretBox } from '../../../platform/secrets/secret-box.js';

/** A table tab's card hold as ordering keeps it (decision 058). The token never leaves this store unsealed but to charge. */
export interface TabHold {
  cartId: string;
  businessPhone: string;
  tableNumber: number;
  lowProfileId: string;
  provider: string;
  pageUrl: string;
  successUrl: string;
  failedUrl: string;
  terminal: 'business' | 'platform';
  holdAgorot: number;
  dinerSessionId: string;
  status: 'pending' | 'held' | 'failed' | 'charging' | 'charged' | 'released';
  sealedToken: string | null;
  approvalNumber: string | null;
  cardExpiry: string | null;
  chargeId: string | null;
  chargeOrderId: string | null;
}

interface Row {
  cart_id: string;
  business_id: string;
  table_number: number;
  low_profile_id: string;
  provider: string;
  page_url: string;
  success_url: string;
  failed_url: string;
  terminal: 'business' | 'platform';
  hold_agorot: number;
  diner_session_id: string;
  status: TabHold['status'];
  sealed_token: string | null;
  approval_number: string | null;
  card_expiry: string | null;
  charge_id: string | null;
  charge_order_id: string | null;
}

const holdOf = (row: Row): TabHold => ({
  cartId: row.cart_id,
  businessPhone: row.business_id,
  tableNumber: Number(row.table_number),
  lowProfileId: row.low_profile_id,
  provider: row.provider,
  pageUrl: row.page_url,
  successUrl: row.success_url,
  failedUrl: row.failed_url,
  terminal: row.terminal,
  holdAgorot: Number(row.hold_agorot),
  dinerSessionId: row.diner_session_id,
  status: row.status,
  sealedToken: row.sealed_token,
  approvalNumber: row.approval_number,
  cardExpiry: row.card_expiry,
  chargeId: row.charge_id,
  chargeOrderId: row.charge_order_id,
});

const COLUMNS = `cart_id, business_id, table_number, low_profile_id, provider, page_url, success_url, failed_url, terminal, hold_agorot,
  diner_session_id, status, sealed_token, approval_number, card_expiry, charge_id, charge_order_id`;

/** The token's associated data: a sealed token copied to another tab's row does not open. */
const contextOf = (cartId: string): string => `hold-token:${cartId}`;

/**
 * `tab_holds` (decision 058): one row per table tab, its hold page and, once held, the card's token sealed with the
 * secrets' keys (AES-256-GCM, `SecretBox`, as decision 026 keeps a terminal's password): never in the event log, a
 * read model, an answer or a log line; cleared once the tab ends (charged, or released when the table paid by pages).
 */
@Injectable()
export class TabHolds {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly box: SecretBox,
  ) {}

  /** Refuses before any page is opened when this server cannot seal a token (no secrets key): 503. */
  assertCanSeal(): void {
    if (!this.box.available) throw new AppError('secrets.unavailable');
  }

  async byCart(cartId: string): Promise<TabHold | undefined> {
    const [row] = await query<Row>(this.database.em(), `select ${COLUMNS} from tab_holds where cart_id = ?`, [cartId]);
    return row ? holdOf(row) : undefined;
  }

  async byPage(lowProfileId: string): Promise<TabHold | undefined> {
    const [row] = await query<Row>(this.database.em(), `select ${COLUMNS} from tab_holds where low_profile_id = ?`, [
      lowProfileId,
    ]);
    return row ? holdOf(row) : undefined;
  }

  /** A new hold page for the tab (a diner's next page replaces their earlier one; a held card is never replaced). */
  async opened(
    hold: Omit<TabHold, 'status' | 'sealedToken' | 'approvalNumber' | 'cardExpiry' | 'chargeId' | 'chargeOrderId'>,
  ) {
    const now = new Date().toISOString();
    await execute(
      this.database.em(),
      `insert into tab_holds (cart_id, business_id, table_number, low_profile_id, provider, page_url, success_url,
          failed_url, terminal, hold_agorot, diner_session_id, status, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)
       on conflict (cart_id) do update set low_profile_id = excluded.low_profile_id, provider = excluded.provider,
          page_url = excluded.page_url, success_url = excluded.success_url, failed_url = excluded.failed_url,
          terminal = excluded.terminal, hold_agorot = excluded.hold_agorot,
          diner_session_id = excluded.diner_session_id, status = 'pending', updated_at = excluded.updated_at
       where tab_holds.status in ('pending', 'failed')`,
      [
        hold.cartId,
        hold.businessPhone,
        hold.tableNumber,
        hold.lowProfileId,
        hold.provider,
        hold.pageUrl,
        hold.successUrl,
        hold.failedUrl,
        hold.terminal,
        hold.holdAgorot,
        hold.dinerSessionId,
        now,
        now,
      ],
    );
  }

  /** The card held: its token sealed, with what charging it needs. Once: a repeat of the verdict changes nothing. */
  async held(
    cartId: string,
    lowProfileId: string,
    card: {
      token: string;
      approvalNumber: string;
      cardExpiry: string | null;
      tokenExpiresOn: string | null;
      holdAgorot: number;
    },
  ): Promise<void> {
    await execute(
      this.database.em(),
      `update tab_holds set status = 'held', sealed_token = ?, approval_number = ?, card_expiry = ?,
          token_expires_on = ?, hold_agorot = ?, updated_at = now()
        where cart_id = ? and low_profile_id = ? and status = 'pending'`,
      [
        this.box.seal(card.token, contextOf(cartId)),
        card.approvalNumber,
        card.cardExpiry,
        card.tokenExpiresOn,
        card.holdAgorot,
        cartId,
        lowProfileId,
      ],
    );
  }

  async failed(cartId: string, lowProfileId: string): Promise<void> {
    await execute(
      this.database.em(),
      `update tab_holds set status = 'failed', updated_at = now()
        where cart_id = ? and low_profile_id = ? and status = 'pending'`,
      [cartId, lowProfileId],
    );
  }

  /**
   * The charge's id, recorded before the provider is asked, so a crash or a lost answer asks again with the same id
   * (the provider answers the first charge). The same bill's charge keeps its id.
   */
  async chargeIdFor(cartId: string, orderId: string, fresh: string): Promise<string> {
    const [row] = await query<{ charge_id: string }>(
      this.database.em(),
      `update tab_holds set status = 'charging', updated_at = now(),
          charge_id = case when charge_order_id = ? and charge_id is not null then charge_id else ? end,
          charge_order_id = ?
        where cart_id = ? and status in ('held', 'charging') returning charge_id`,
      [orderId, fresh, orderId, cartId],
    );
    if (!row) throw new AppError('table.tab_no_hold');
    return row.charge_id;
  }

  /** The token, opened only for the charge. */
  token(hold: TabHold): string {
    if (!hold.sealedToken) throw new AppError('table.tab_no_hold');
    return this.box.open(hold.sealedToken, contextOf(hold.cartId));
  }

  /** Charged: the token is of no more use and is forgotten. */
  async charged(cartId: string): Promise<void> {
    await execute(
      this.database.em(),
      `update tab_holds set status = 'charged', sealed_token = null, updated_at = now() where cart_id = ?`,
      [cartId],
    );
  }

  /** The issuer refused the charge: the hold can pay nothing more; what is left is the table's to pay by page. */
  async chargeFailed(cartId: string): Promise<void> {
    await execute(
      this.database.em(),
      `update tab_holds set status = 'failed', sealed_token = null, updated_at = now() where cart_id = ?`,
      [cartId],
    );
  }

  /** The tab ended without the held card (the table paid by pages, or left nothing owed): the token is forgotten. */
  async release(cartIds: readonly string[]): Promise<void> {
    if (cartIds.length === 0) return;
    await execute(
      this.database.em(),
      `update tab_holds set status = case when status = 'charged' then 'charged' else 'released' end,
          sealed_token = null, updated_at = now()
        where cart_id = any(?::text[]) and sealed_token is not null or cart_id = any(?::text[]) and status = 'pending'`,
      [`{${cartIds.join(',')}}`, `{${cartIds.join(',')}}`],
    );
  }
}
