import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { OwnerBusiness } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { BusinessEntity } from '../projections/business.entity.js';
import { toOwnerBusiness } from './business-details.js';

/** The business of one phone as its owner sees it; undefined when there is none or it is closed. */
export class GetOwnerBusinessQuery {
  constructor(readonly phone: string) {}
}

@QueryHandler(GetOwnerBusinessQuery)
export class GetOwnerBusinessHandler implements IQueryHandler<GetOwnerBusinessQuery, OwnerBusiness | undefined> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute({ phone }: GetOwnerBusinessQuery): Promise<OwnerBusiness | undefined> {
    const row = await this.database.em().findOne(BusinessEntity, { phone, closedAt: null });
    return row ? toOwnerBusiness(row) : undefined;
  }
}
