import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { OptionalOwner } from '../../platform/auth/guards.js';
import { InvoiceController } from './api/invoice.controller.js';
import { InvoiceLinks } from './application/invoice-links.js';
import { ALLOCATION_NUMBERS_FOR, NotConnectedAllocationNumbersFor } from './allocation/allocation-numbers-for.js';

/**
 * Tax invoices: the printable invoice page and its links. The invoice itself is decided with the payment and numbered
 * from the business's sequence in the payment's transaction (ordering, decision 015).
 */
@Module({
  controllers: [InvoiceController],
  providers: [
    OptionalOwner,
    {
      provide: InvoiceLinks,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new InvoiceLinks(config.jwtSecret),
    },
    // Until the grants are kept per seller, no seller is connected (decision 047).
    { provide: ALLOCATION_NUMBERS_FOR, useClass: NotConnectedAllocationNumbersFor },
  ],
  exports: [InvoiceLinks, ALLOCATION_NUMBERS_FOR],
})
export class InvoicingModule {}
