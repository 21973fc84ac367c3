import { Module, type OnModuleInit } from '@nestjs/common';
import { InlineProjectionRegistry } from '../../platform/event-store/inline-projection.js';
import { AdminTermsController } from './api/admin-terms.controller.js';
import { TermsController } from './api/terms.controller.js';
import { ChangeTermsHandler } from './application/change-terms.handler.js';
import { GetTermsHistoryHandler } from './application/get-terms-history.query.js';
import { GetTermsHandler } from './application/get-terms.query.js';
import { termsProjection } from './projections/terms.projection.js';

/**
 * The terms of use: public to read (`GET /api/terms`), edited by the administrator. Every saved version is a
 * `TermsChanged` event on the `terms` stream; the current text is its inline projection in `system_settings`.
 */
@Module({
  controllers: [TermsController, AdminTermsController],
  providers: [GetTermsHandler, GetTermsHistoryHandler, ChangeTermsHandler],
})
export class TermsModule implements OnModuleInit {
  constructor(private readonly projections: InlineProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(termsProjection);
  }
}
