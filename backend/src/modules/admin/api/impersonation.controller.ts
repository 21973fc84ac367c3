import { Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type ApiSuccess, type OwnerBusiness, type OwnerSession, success } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { AdminGuard } from '../../../platform/auth/guards.js';
import { type AdminPrincipal, CurrentAdmin } from '../../../platform/auth/principals.js';
import { clientOf } from '../../../platform/auth/request-client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { phoneInPath } from '../../../platform/http/parse.js';
import { GetOwnerBusinessQuery, RecordImpersonationCommand, SessionIssuer } from '../../accounts/index.js';

/**
 * `POST /api/admin/impersonate/{phone}` (any Israeli spelling of the phone): an owner token for the administrator,
 * valid one hour, naming the admin in its `impersonatedBy` claim, with no refresh cookie. The visit is recorded as
 * `BusinessImpersonated` before the token exists.
 */
@Controller('api/admin')
@UseGuards(AdminGuard)
export class ImpersonationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly issuer: SessionIssuer,
  ) {}

  @Post('impersonate/:phone')
  @HttpCode(200)
  async impersonate(
    @Param('phone') phoneParam: string,
    @Req() request: FastifyRequest,
    @CurrentAdmin() admin: AdminPrincipal,
  ): Promise<ApiSuccess<OwnerSession>> {
    const phone = phoneInPath(phoneParam);
    const business = phone
      ? await this.queries.execute<GetOwnerBusinessQuery, OwnerBusiness | undefined>(new GetOwnerBusinessQuery(phone))
      : undefined;
    if (!phone || !business) throw new AppError('not_found');
    const client = clientOf(request);
    await this.commands.execute(new RecordImpersonationCommand(phone, admin.phone, client.ip, request.id));
    const token = await this.issuer.openAsAdmin({ phone, adminPhone: admin.phone, client });
    return success({ token, business });
  }
}
