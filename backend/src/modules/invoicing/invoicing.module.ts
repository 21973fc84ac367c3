import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { OptionalOwner } from '../../platform/auth/guards.js';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store.port.js';
import { ProcessorRunner } from '../../platform/processing/processor-runner.js';
import { InvoiceController } from './api/invoice.controller.js';
import { InvoiceLinks } from './application/invoice-links.js';
import { taxInvoiceProcessor } from './processors/tax-invoice.processor.js';

/**
 * Tax invoices: the processor that issues one per paid order (the provider's document, or our own tax invoice
 * receipt numbered from the business's sequence) and the printable invoice page.
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
  ],
  exports: [InvoiceLinks],
})
export class InvoicingModule implements OnModuleInit {
  constructor(
    private readonly runner: ProcessorRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly links: InvoiceLinks,
  ) {}

  onModuleInit(): void {
    this.runner.register(taxInvoiceProcessor({ store: this.store, links: this.links }));
  }
}
