import { Controller, Get, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type ApiSuccess, success, termsInputSchema, type TermsVersion } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { AdminGuard } from '../../../platform/auth/guards.js';
import { type AdminPrincipal, CurrentAdmin } from '../../../platform/auth/principals.js';
import { clientOf } from '../../../platform/auth/request-client.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { type ChangedTerms, ChangeTermsCommand } from '../application/change-terms.handler.js';
import { GetTermsHistoryQuery } from '../application/get-terms-history.query.js';
import { GetTermsQuery } from '../application/get-terms.query.js';

/**
 * The administrator's terms editor (product-spec §2 terms page, §7): read, save a version (`TermsChanged`, with the
 * admin and the address), and the history of versions.
 */
@Controller('api/admin/terms')
@UseGuards(AdminGuard)
export class AdminTermsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  async read(): Promise<ApiSuccess<{ content: string }>> {
    return success(await this.queries.execute<GetTermsQuery, { content: string }>(new GetTermsQuery()));
  }

  @Put()
  async change(
    // The envelope's message is the content's own ("please enter the terms content"): the editor shows it as it is.
    // Any other issue (a body that is not an object) has the generic one.
    @BodyOf(termsInputSchema, { absentAsEmpty: true, message: (fields) => fields.content })
    { content }: Parsed<typeof termsInputSchema>,
    @Req() request: FastifyRequest,
    @CurrentAdmin() admin: AdminPrincipal,
  ): Promise<ApiSuccess<ChangedTerms>> {
    const command = new ChangeTermsCommand(content, admin.phone, clientOf(request).ip, request.id);
    return success(await this.commands.execute<ChangeTermsCommand, ChangedTerms>(command));
  }

  @Get('history')
  async history(): Promise<ApiSuccess<TermsVersion[]>> {
    return success(await this.queries.execute<GetTermsHistoryQuery, TermsVersion[]>(new GetTermsHistoryQuery()));
  }
}
