import { Module, type OnModuleInit } from '@nestjs/common';
import { ProcessorRunner } from '../../platform/processing/processor-runner.js';
import { CommissionsController } from './api/commissions.controller.js';
import { PayoutsController } from './api/payouts.controller.js';
import { GetCommissionHistoryHandler } from './application/commission-history.query.js';
import { GetCommissionReportHandler } from './application/commission-report.query.js';
import { GetPayoutBatchHandler } from './application/payout-batch.query.js';
import { CreatePayoutBatchHandler, MarkPayoutTransferredHandler } from './application/payout-commands.js';
import { monthlyCommissionsProjection } from './projections/monthly-commissions.projection.js';
import { platformDocumentsProjection } from './projections/platform-documents.projection.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import {
  AdminPlatformInvoicesController,
  OwnerPlatformInvoicesController,
  PlatformInvoicePageController,
} from './api/platform-invoices.controller.js';
import { IssuePlatformDocumentHandler } from './application/platform-invoice-commands.js';
import { PlatformInvoiceLinks } from './application/platform-invoice-links.js';
import { GetPlatformInvoicesHandler } from './application/platform-invoice.queries.js';
import { PlatformInvoiceSweep } from './processors/platform-invoice-sweep.js';
import { InvoicingModule } from '../invoicing/index.js';
import { PlatformAllocationsController } from './api/platform-allocations.controller.js';
import { DecidePlatformAllocationHandler } from './application/platform-allocation.handler.js';
import { PlatformInvoiceAllocation } from './processors/platform-invoice-allocation.js';

/**
 * The administrator's money views (issue 7 §4, §5): monthly commissions from the `monthly-commissions` projection,
 * the commission history read from the log, and payout batches as `payout-{YYYY-MM}` streams with CSV and Masav
 * exports; and the platform's own monthly commission invoices to each business, with their credit documents (decision
 * 025). Its routes are under /api/admin/commissions, /api/admin/payouts, /api/admin/platform-invoices, and the
 * owner's /api/platform-invoices and the printable /api/platform-invoice pages.
 */
@Module({
  // Allocation numbers for the platform's own invoices, under the platform's grant (decision 049).
  imports: [InvoicingModule],
  controllers: [
    PlatformAllocationsController,
    CommissionsController,
    PayoutsController,
    AdminPlatformInvoicesController,
    OwnerPlatformInvoicesController,
    PlatformInvoicePageController,
  ],
  providers: [
    IssuePlatformDocumentHandler,
    GetPlatformInvoicesHandler,
    PlatformInvoiceSweep,
    DecidePlatformAllocationHandler,
    PlatformInvoiceAllocation,
    {
      provide: PlatformInvoiceLinks,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new PlatformInvoiceLinks(config.jwtSecret),
    },
    GetCommissionReportHandler,
    GetCommissionHistoryHandler,
    GetPayoutBatchHandler,
    CreatePayoutBatchHandler,
    MarkPayoutTransferredHandler,
  ],
  exports: [PlatformInvoiceAllocation],
})
export class CommissionsModule implements OnModuleInit {
  constructor(private readonly runner: ProcessorRunner) {}

  onModuleInit(): void {
    this.runner.register(monthlyCommissionsProjection());
    this.runner.register(platformDocumentsProjection());
  }
}
