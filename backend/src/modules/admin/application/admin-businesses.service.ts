import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type AdminBusinessRow, israelMonthOf, israelMonthRange } from '@tafrit/contracts';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { query } from '../../../platform/event-store/postgres/sql.js';
import { AppError } from '../../../platform/http/app-error.js';
import {
  type BusinessStatusChanged,
  ChangeBusinessStatusCommand,
} from '../../accounts/application/change-business-status.handler.js';
import { LogoUploads } from '../../accounts/application/logo-uploads.service.js';
import { Sessions } from '../../accounts/application/sessions.service.js';
import { recordMenuChange } from '../../menu/application/menu-change.js';
import { ProductImages } from '../../menu/application/product-images.js';
import { CategoryEntity } from '../../menu/persistence/category.entity.js';
import { ProductEntity } from '../../menu/persistence/product.entity.js';

/** Who acts and from where: recorded in every event of an admin's action. */
export interface AdminActionContext {
  adminPhone: string;
  ip: string | null;
  correlationId: string;
}

interface BusinessRow {
  phone: string;
  business_name: string;
  full_name: string;
  email: string;
  department_id: string;
  is_active: boolean;
  closed_at: Date | string | null;
  created_at: Date | string;
  month_orders: number;
  month_sales: string;
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
  // Menu's photo store is a plain class over the data folder; its module does not export it, and only its removal
  // is needed here.
  private readonly productImages: ProductImages;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly commands: CommandBus,
    private readonly sessions: Sessions,
    private readonly logos: LogoUploads,
  ) {
    this.productImages = new ProductImages(config);
  }

  /** Every account, newest first, closed ones included, with the paid orders and sales of the Israel month of `now`. */
  async list(now: Date, phone?: string): Promise<AdminBusinessRow[]> {
    const { start, end } = israelMonthRange(israelMonthOf(now));
    const rows = await query<BusinessRow>(
      this.database.em(),
      `select b.phone, b.business_name, b.full_name, b.email, b.department_id, b.is_active, b.closed_at, b.created_at,
              coalesce(m.month_orders, 0)::int as month_orders,
              coalesce(m.month_sales, 0)::numeric(14, 2)::text as month_sales
         from businesses b
         left join (
           select business_id, count(*) as month_orders, sum(total_amount) as month_sales
             from orders
            where payment_status = 'paid' and paid_at >= ? and paid_at < ?
            group by business_id
         ) m on m.business_id = b.phone
        ${phone ? 'where b.phone = ?' : ''}
        order by b.created_at desc, b.phone`,
      phone ? [start, end, phone] : [start, end],
    );
    return rows.map((row) => ({
      phone: row.phone,
      businessName: row.business_name,
      fullName: row.full_name,
      email: row.email,
      departmentId: row.department_id,
      isActive: row.is_active && row.closed_at === null,
      closedAt: row.closed_at === null ? null : iso(row.closed_at),
      createdAt: iso(row.created_at),
      monthOrders: Number(row.month_orders),
      monthSales: row.month_sales,
    }));
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
    const images = await this.removeMenu(phone, context);
    await this.productImages.remove(images);
    await this.logos.remove(logo);
    this.logger.log(`business ${phone} closed by ${context.adminPhone}`);
    return this.row(phone);
  }

  private async change(
    phone: string,
    change: 'pause' | 'activate' | 'close',
    { adminPhone, ip, correlationId }: AdminActionContext,
  ): Promise<BusinessStatusChanged> {
    // An unknown phone is the domain's BusinessNotFoundError, answered 404.
    return this.commands.execute<ChangeBusinessStatusCommand, BusinessStatusChanged>(
      new ChangeBusinessStatusCommand(phone, change, adminPhone, ip, correlationId),
    );
  }

  /**
   * Deletes every category and product of the business in one transaction, with a `MenuChanged` per category on its
   * menu stream (the menu's rule: every change is in the log); answers the photo stems to remove after the commit.
   */
  private async removeMenu(businessId: string, context: AdminActionContext): Promise<(string | null)[]> {
    return this.database.em().transactional(async (em) => {
      const products = await em.find(ProductEntity, { businessId }, { fields: ['id', 'image'] });
      const categories = await em.find(CategoryEntity, { businessId }, { fields: ['id'] });
      await em.nativeDelete(ProductEntity, { businessId });
      await em.nativeDelete(CategoryEntity, { businessId });
      for (const category of categories) {
        await recordMenuChange(
          this.store,
          em,
          { businessId, change: 'category.deleted', categoryId: category.id },
          { actor: { kind: 'admin', id: context.adminPhone }, correlationId: context.correlationId },
        );
      }
      return products.map((product) => product.image ?? null);
    });
  }

  private async row(phone: string): Promise<AdminBusinessRow> {
    const [row] = await this.list(new Date(), phone);
    if (!row) throw new AppError('not_found');
    return row;
  }
}
