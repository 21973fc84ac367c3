import { Module } from '@nestjs/common';
import { InvoicingModule } from '../invoicing/index.js';
import { ReportsController } from './api/reports.controller.js';
import { ExportOrdersCsvHandler } from './application/export-orders-csv.query.js';
import { GetMonthlyReportHandler } from './application/get-monthly-report.query.js';

/**
 * The owner's monthly report and its CSV: reads of the ordering module's `orders` read model, no events of its own.
 * Its routes are fixed paths under /api/orders, so it may be imported before or after the ordering module.
 */
@Module({
  // InvoicingModule: the links of the refunds' credit documents.
  imports: [InvoicingModule],
  controllers: [ReportsController],
  providers: [GetMonthlyReportHandler, ExportOrdersCsvHandler],
})
export class ReportsModule {}
