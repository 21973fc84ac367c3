import type { QueryBus } from '@nestjs/cqrs';
import type { OwnerBusiness } from '@tafrit/contracts';
import type { OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { GetOwnerBusinessQuery } from '../application/get-owner-business.query.js';

/** The signed-in owner's business; the guard saw it a moment ago, so its absence is a closed account (401). */
export async function currentBusiness(queries: QueryBus, owner: OwnerPrincipal): Promise<OwnerBusiness> {
  const business = await queries.execute<GetOwnerBusinessQuery, OwnerBusiness | undefined>(
    new GetOwnerBusinessQuery(owner.phone),
  );
  if (!business) throw new AppError('auth.unauthenticated');
  return business;
}
