import { Module, type OnModuleInit } from '@nestjs/common';
import { ProcessorRunner } from '../../platform/processing/processor-runner.js';
import { CommissionsController } from './api/commissions.controller.js';
import { PayoutsController } from './api/payouts.controller.js';
import { GetCommissionHistoryHandler } from './application/commission-history.query.js';
import { GetCommissionReportHandler } from './application/commission-report.query.js';
import { GetPayoutBatchHandler } from './application/payout-batch.query.js';
import { CreatePayoutBatchHandler, MarkPayoutTransferredHandler } from './application/payout-commands.js';
import { monthlyCommissionsProjection } from './projections/monthly-commissions.projection.js';

/**
 * The administrator's money views (issue 7 §4, §5): monthly commissions from the `monthly-commissions` projection,
 * the commission history read from the log, and payout batches as `payout-{YYYY-MM}` streams with CSV and Masav
 * exports. Its routes are all under /api/admin/commissions and /api/admin/payouts.
 */
@Module({
  controllers: [CommissionsController, PayoutsController],
  providers: [
    GetCommissionReportHandler,
    GetCommissionHistoryHandler,
    GetPayoutBatchHandler,
    CreatePayoutBatchHandler,
    MarkPayoutTransferredHandler,
  ],
})
export class CommissionsModule implements OnModuleInit {
  constructor(private readonly runner: ProcessorRunner) {}

  onModuleInit(): void {
    this.runner.register(monthlyCommissionsProjection());
  }
}
