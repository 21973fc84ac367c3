import { Module, type OnModuleInit } from '@nestjs/common';
import { ProcessorRunner } from '../../platform/processing/processor-runner.js';
import { InvoicingModule } from '../invoicing/index.js';
import { NumbersController } from './api/numbers.controller.js';
import { ReportsController } from './api/reports.controller.js';
import { ExportOrdersCsvHandler } from './application/export-orders-csv.query.js';
import { GetMonthlyReportHandler } from './application/get-monthly-report.query.js';
import {
  ExportNumbersCsvHandler,
  GetNumbersHoursHandler,
  GetNumbersMonthsHandler,
  GetNumbersPromosHandler,
  GetNumbersSourcesHandler,
  GetNumbersProductsHandler,
  GetNumbersSalesHandler,
} from './application/numbers.queries.js';
import { numbersProjection } from './projections/numbers.projection.js';
import { NumbersReader } from './projections/numbers.reader.js';

/**
 * The owner's monthly report and its CSV: reads of the ordering module's `orders` read model. And the owner's numbers
 * page (issue 33, decision 053): the module's own `numbers_*` read model, projected from the order events by the
 * `numbers` projection, read under /api/owner/numbers. The report's routes are fixed paths under /api/orders, so it
 * may be imported before or after the ordering module.
 */
@Module({
  // InvoicingModule: the links of the refunds' credit documents.
  imports: [InvoicingModule],
  controllers: [ReportsController, NumbersController],
  providers: [
    GetMonthlyReportHandler,
    ExportOrdersCsvHandler,
    NumbersReader,
    GetNumbersSalesHandler,
    GetNumbersHoursHandler,
    GetNumbersProductsHandler,
    GetNumbersMonthsHandler,
    GetNumbersPromosHandler,
    GetNumbersSourcesHandler,
    ExportNumbersCsvHandler,
  ],
})
export class ReportsModule implements OnModuleInit {
  constructor(private readonly runner: ProcessorRunner) {}

  onModuleInit(): void {
    this.runner.register(numbersProjection());
  }
}
