import { Inject, Injectable } from '@nestjs/common';
import { toE164 } from '@tafrit/contracts';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { AdminUserEntity } from '../persistence/admin-user.entity.js';

/**
 * Who is an administrator: the phones of ADMIN_PHONES (server configuration, DESIGN.md §6) and the phones of
 * `admin_users`. Every phone is compared in E.164, however it was written.
 */
@Injectable()
export class AdminDirectory {
  private readonly configured: ReadonlySet<string>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {
    this.configured = new Set(config.adminPhones.map((phone) => toE164(phone) ?? phone));
  }

  async isAdmin(phone: string): Promise<boolean> {
    const e164 = toE164(phone);
    if (!e164) return false;
    if (this.configured.has(e164)) return true;
    const local = `0${e164.slice(4)}`;
    return (await this.database.em().count(AdminUserEntity, { phone: { $in: [e164, local] } })) > 0;
  }
}
