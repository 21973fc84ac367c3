import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { PrinterConnectionEntity } from './printer-connection.entity.js';

/** The printing agents' presence as other modules read it (the printing module owns `printer_connections`). */
@Injectable()
export class PrinterReader {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** How many businesses' agents are online now. */
  async onlineCount(): Promise<number> {
    return this.database.em().count(PrinterConnectionEntity, { isOnline: true });
  }

  /** Whether the business has paired a printing agent (online or not): the first-run checklist's printing step. */
  async isPaired(businessPhone: string): Promise<boolean> {
    return (await this.database.em().count(PrinterConnectionEntity, { businessId: businessPhone })) > 0;
  }
}
