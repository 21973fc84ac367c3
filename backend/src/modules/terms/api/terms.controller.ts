import { Controller, Get, Inject } from '@nestjs/common';
import { success, type ApiSuccess } from '@tafrit/contracts';
import { SystemSettingEntity } from '../../admin/persistence/system-setting.entity.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';

export const TERMS_SETTING_KEY = 'terms.content';

/** Public terms of use. The admin's editor (and its `TermsChanged` history) comes with the administrator issue. */
@Controller('api/terms')
export class TermsController {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  @Get()
  async read(): Promise<ApiSuccess<{ content: string }>> {
    const setting = await this.database.em().findOne(SystemSettingEntity, { key: TERMS_SETTING_KEY });
    return success({ content: setting?.value ?? '' });
  }
}
