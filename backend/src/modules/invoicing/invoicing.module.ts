import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { loadTaxAuthorityConfig } from '../../config/tax-authority.config.js';
import { OptionalOwner } from '../../platform/auth/guards.js';
import { DATABASE } from '../../platform/database/database.module.js';
import type { Database } from '../../platform/database/database.js';
import { SecretBox } from '../../platform/secrets/secret-box.js';
import { InvoiceController } from './api/invoice.controller.js';
import {
  AdminTaxAuthorityController,
  OwnerTaxAuthorityController,
  TaxAuthorityCallbackController,
} from './api/tax-authority.controller.js';
import { InvoiceLinks } from './application/invoice-links.js';
import { ALLOCATION_NUMBERS_FOR } from './allocation/allocation-numbers-for.js';
import { GrantRows } from './allocation/grant-rows.js';
import { TaxAuthorityConnections } from './allocation/tax-authority-connections.js';

/**
 * Tax invoices: the printable invoice page and its links. The invoice itself is decided with the payment and numbered
 * from the business's sequence in the payment's transaction (ordering, decision 015). Allocation numbers come from
 * each seller's grant at the Tax Authority, connected from Settings or the admin dashboard (decision 047).
 */
@Module({
  controllers: [
    InvoiceController,
    OwnerTaxAuthorityController,
    AdminTaxAuthorityController,
    TaxAuthorityCallbackController,
  ],
  providers: [
    OptionalOwner,
    SecretBox,
    {
      provide: InvoiceLinks,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new InvoiceLinks(config.jwtSecret),
    },
    {
      provide: TaxAuthorityConnections,
      inject: [APP_CONFIG, DATABASE, SecretBox],
      // Read once, at start: half a TAX_AUTHORITY_* connection throws here and the server does not start.
      useFactory: (config: AppConfig, database: Database, box: SecretBox) =>
        new TaxAuthorityConnections(
          loadTaxAuthorityConfig(config.environment ?? process.env, config.publicUrl),
          new GrantRows(database),
          box,
        ),
    },
    { provide: ALLOCATION_NUMBERS_FOR, useExisting: TaxAuthorityConnections },
  ],
  exports: [InvoiceLinks, ALLOCATION_NUMBERS_FOR],
})
export class InvoicingModule {}
