import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DATABASE } from '../../platform/database/database.module.js';
import type { Database } from '../../platform/database/database.js';
import { InlineProjectionRegistry } from '../../platform/event-store/inline-projection.js';
import { AdminTermsController } from './api/admin-terms.controller.js';
import { TermsController } from './api/terms.controller.js';
import { ChangeTermsHandler } from './application/change-terms.handler.js';
import { GetTermsHistoryHandler } from './application/get-terms-history.query.js';
import { GetTermsHandler } from './application/get-terms.query.js';
import { PublishDefaultTermsCommand, PublishDefaultTermsHandler } from './application/publish-default-terms.handler.js';
import { termsProjection } from './projections/terms.projection.js';

/**
 * The terms of use: public to read (`GET /api/terms`), edited by the administrator. Every saved version is a
 * `TermsChanged` event on the `terms` stream; the current text is its inline projection in `system_settings`. A fresh
 * installation starts with default terms (domain/default-terms.ts), written once as the first version.
 */
@Module({
  controllers: [TermsController, AdminTermsController],
  providers: [GetTermsHandler, GetTermsHistoryHandler, ChangeTermsHandler, PublishDefaultTermsHandler],
})
export class TermsModule implements OnModuleInit {
  constructor(
    private readonly projections: InlineProjectionRegistry,
    private readonly commands: CommandBus,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  onModuleInit(): void {
    this.projections.register(termsProjection);
    this.database.onFirstReady('default terms', async () => {
      await this.commands.execute(new PublishDefaultTermsCommand());
    });
  }
}
