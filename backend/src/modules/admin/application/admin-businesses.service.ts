import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type AdminBusinessRow, israelMonthOf, israelMonthRange } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/http/app-error.js';
import {
  BusinessReader,
  type BusinessStatusChanged,
  ChangeBusinessStatusCommand,
  LogoUploads,
  Sessions,
} from '../../accounts/index.js';
import { RemoveMenuCommand } from '../../menu/index.js';
import { ordersReader } from '../../ordering/index.js';

/** Who acts and from where: recorded in every event of an admin's action. */
export interface AdminActionContext {
  adminPhone: string;
  ip: string | null;
  correlationId: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The administrator's account management (issue 7): the list of every account with this Israel month's paid orders,
 * pause and activation, and closing an account. Closing records `BusinessClosed` first (from then on no sign-in,
 * renewal, menu or payment works), then clears what the account no longer needs: sessions, menu rows, image files.
 * Orders, invoices and the event log stay (docs/decisions/006-closed-accounts-and-personal-data.md).
 */
@Injectable()
export class AdminBusinesses {
  private readonly logger = new Logger('AdminBusinesses');

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly commands: CommandBus,
    private readonly sessions: Sessions,
    private readonly logos: LogoUploads,
    private readonly businesses: BusinessReader,
  ) {}

  /** Every account, newest first, closed ones included, with the paid orders and sales of the Israel month of `now`. */
  async list(now: Date, phone?: string): Promise<AdminBusinessRow[]> {
    const { start, end } = israelMonthRange(israelMonthOf(now));
    const em = this.database.em();
    // One after the other: on the embedded database the ORM has a single connection.
    const accounts = await this.businesses.accounts(phone, em);
    const months = await ordersReader.salesByBusiness(em, start, end, phone);
    const monthOf = new Map(months.map((row) => [row.businessId, row]));
    return accounts.map((account) => {
      const month = monthOf.get(account.phone);
      return {
        phone: account.phone,
        businessName: account.businessName,
        fullName: account.fullName,
        email: account.email,
        departmentId: account.departmentId,
        isActive: account.isActive && account.closedAt === null,
        closedAt: account.closedAt === null ? null : iso(account.closedAt),
        createdAt: iso(account.createdAt),
        monthOrders: month?.orders ?? 0,
        monthSales: month?.sales ?? '0.00',
      };
    });
  }

  /** Pauses or activates; answers the account's row as the list shows it. Unknown phone: 404; closed: 403. */
  async setActive(phone: string, isActive: boolean, context: AdminActionContext): Promise<AdminBusinessRow> {
    await this.change(phone, isActive ? 'activate' : 'pause', context);
    return this.row(phone);
  }

  /** Closes the account and removes its sessions, menu and images; a repeated close finishes the clean-up again. */
  async close(phone: string, context: AdminActionContext): Promise<AdminBusinessRow> {
    const { logo } = await this.change(phone, 'close', context);
    // The guards refuse a closed business already (they join the row); revoking makes the refresh tokens dead too.
    await this.sessions.revokeAllSessions(phone, 'business_closed', 'owner');
    await this.commands.execute(
      new RemoveMenuCommand(phone, {
        actor: { kind: 'admin', id: context.adminPhone },
        correlationId: context.correlationId,
      }),
    );
    await this.logos.remove(logo);
    this.logger.log(`business ${phone} closed by ${context.adminPhone}`);
    return this.row(phone);
  }

  /**
   * Reopens a closed account: `BusinessReopened`, after which the owner signs in again with the same phone (a new
   * code: every session was revoked at closing) and finds the kept orders and invoices and an empty menu. Reopening an
   * open account records nothing. Unknown phone: 404.
   */
  async reopen(phone: string, context: AdminActionContext): Promise<AdminBusinessRow> {
    const { changed } = await this.change(phone, 'reopen', context);
    if (changed) this.logger.log(`business ${phone} reopened by ${context.adminPhone}`);
    return this.row(phone);
  }

  private async change(
    phone: string,
    change: 'pause' | 'activate' | 'close' | 'reopen',
    { adminPhone, ip, correlationId }: AdminActionContext,
  ): Promise<BusinessStatusChanged> {
    // An unknown phone is the domain's BusinessNotFoundError, answered 404.
    return this.commands.execute<ChangeBusinessStatusCommand, BusinessStatusChanged>(
      new ChangeBusinessStatusCommand(phone, change, adminPhone, ip, correlationId),
    );
  }

  private async row(phone: string): Promise<AdminBusinessRow> {
    const [row] = await this.list(new Date(), phone);
    if (!row) throw new AppError('not_found');
    return row;
  }
}
