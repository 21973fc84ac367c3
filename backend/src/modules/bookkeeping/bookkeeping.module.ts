import { Module, type OnModuleInit } from '@nestjs/common';
import { ProcessorRunner } from '../../platform/processing/processor-runner.js';
import { AdminBookkeepingController, BookkeepingController } from './api/bookkeeping.controller.js';
import { ExportMonthHandler } from './application/month-download.query.js';
import { ExportPlatformUniformStructureHandler } from './application/platform-uniform-structure.query.js';
import { ExportUniformStructureHandler } from './application/uniform-structure.query.js';
import { taxDocumentsProjection } from './projections/tax-documents.projection.js';

/**
 * What the accountant and the tax law expect (issue 32, decision 048): the `tax_documents` read model of every
 * business's tax invoice-receipts and credit invoices, the uniform structure (מבנה אחיד) for a date range and the
 * month's download; the platform's own documents as the uniform structure for the administrator. Its routes are
 * under /api/bookkeeping and /api/admin/bookkeeping.
 */
@Module({
  controllers: [BookkeepingController, AdminBookkeepingController],
  providers: [ExportUniformStructureHandler, ExportMonthHandler, ExportPlatformUniformStructureHandler],
})
export class BookkeepingModule implements OnModuleInit {
  constructor(private readonly runner: ProcessorRunner) {}

  onModuleInit(): void {
    this.runner.register(taxDocumentsProjection());
  }
}
