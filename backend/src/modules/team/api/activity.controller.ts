import { Controller, Get, UseGuards } from '@nestjs/common';
import { activityQuerySchema, type ActivityAnswer, type ApiSuccess, success } from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { QueryOf, type Parsed } from '../../../platform/http/contract.js';
import { ActivityReader } from '../projections/activity.reader.js';

/**
 * `GET /api/team/activity?member=&kind=&before=` (issue 31): who did what in the business, the latest first, 50 at a
 * time. The owner's alone, like the team itself: it names every person's acts.
 */
@Controller('api/team/activity')
@UseGuards(OwnerGuard)
@Permission('team.manage')
export class ActivityController {
  constructor(private readonly activity: ActivityReader) {}

  @Get()
  async page(
    @QueryOf(activityQuerySchema) filter: Parsed<typeof activityQuerySchema>,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<ActivityAnswer>> {
    return success(await this.activity.page(owner.phone, filter));
  }
}
