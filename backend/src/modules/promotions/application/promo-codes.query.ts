import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PromoCodeAnswer } from '@tafrit/contracts';
import { PromoCodeReader } from '../projections/promo-codes.reader.js';

export class PromoCodesQuery {
  constructor(readonly businessPhone: string) {}
}

/** `GET /api/owner/promo-codes`: the business's codes, on and off, newest first. */
@QueryHandler(PromoCodesQuery)
export class PromoCodesHandler implements IQueryHandler<PromoCodesQuery, PromoCodeAnswer[]> {
  constructor(private readonly codes: PromoCodeReader) {}

  execute({ businessPhone }: PromoCodesQuery): Promise<PromoCodeAnswer[]> {
    return this.codes.codesOf(businessPhone);
  }
}
