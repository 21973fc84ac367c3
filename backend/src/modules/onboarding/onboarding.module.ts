import { Module } from '@nestjs/common';
import { MenuModule } from '../menu/index.js';
import { OrderingModule } from '../ordering/index.js';
import { PrintingModule } from '../printing/index.js';
import { SetupController } from './api/setup.controller.js';
import { GetSetupChecklistHandler, RecordSetupActionHandler } from './application/setup-checklist.handlers.js';
import { SetupProgressStore } from './persistence/setup-progress.store.js';

/**
 * A new owner's first run (issue 18, decision 034): the checklist answered from the business's read models, and the
 * few owner actions only the browser sees (kept in `setup_progress`). The test order itself is ordering's.
 */
@Module({
  imports: [MenuModule, OrderingModule, PrintingModule],
  controllers: [SetupController],
  providers: [SetupProgressStore, GetSetupChecklistHandler, RecordSetupActionHandler],
})
export class OnboardingModule {}
