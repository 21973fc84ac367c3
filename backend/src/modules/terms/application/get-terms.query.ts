import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { SystemSettingEntity } from '../persistence/system-setting.entity.js';

export const TERMS_SETTING_KEY = 'terms.content';

export class GetTermsQuery {}

/** Reads the current terms from their read model, which the `TermsChanged` events of the `terms` stream keep. */
@QueryHandler(GetTermsQuery)
export class GetTermsHandler implements IQueryHandler<GetTermsQuery, { content: string }> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute(): Promise<{ content: string }> {
    const setting = await this.database.em().findOne(SystemSettingEntity, { key: TERMS_SETTING_KEY });
    return { content: setting?.value ?? '' };
  }
}
