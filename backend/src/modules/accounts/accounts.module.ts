import { Module, type OnModuleInit } from '@nestjs/common';
import { InlineProjectionRegistry } from '../../platform/event-store/inline-projection.js';
import { RegisterBusinessHandler } from './application/register-business.handler.js';
import { businessesProjection } from './projections/businesses.projection.js';

/**
 * Business accounts: the event-sourced `business-{phone}` aggregate and its `businesses` read model. Sign-in,
 * sessions and the settings API come with the accounts issue.
 */
@Module({ providers: [RegisterBusinessHandler] })
export class AccountsModule implements OnModuleInit {
  constructor(private readonly projections: InlineProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(businessesProjection);
  }
}
