import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { success, type ApiSuccess } from '@tafrit/contracts';
import { GetTermsQuery } from '../application/get-terms.query.js';

/** Public terms of use (`GET /api/terms`, product-spec §7). */
@Controller('api/terms')
export class TermsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async read(): Promise<ApiSuccess<{ content: string }>> {
    return success(await this.queries.execute<GetTermsQuery, { content: string }>(new GetTermsQuery()));
  }
}
