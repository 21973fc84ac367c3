import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  type PipeTransform,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import { type AdminBusinessRow, type ApiSuccess, success, toggleBusinessSchema } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { AdminGuard } from '../../../platform/auth/guards.js';
import { type AdminPrincipal, CurrentAdmin } from '../../../platform/auth/principals.js';
import { clientOf } from '../../../platform/auth/request-client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { phoneInPath } from '../../../platform/http/parse.js';
import { type AdminActionContext, AdminBusinesses } from '../application/admin-businesses.service.js';

/**
 * The phone of the path in any Israeli spelling (E.164 or 05X-...); anything else is a 404 like an unknown one, before
 * the body is read.
 */
const phonePipe: PipeTransform<string, string> = {
  transform(param) {
    const phone = phoneInPath(param);
    if (!phone) throw new AppError('not_found');
    return phone;
  },
};

function contextOf(request: FastifyRequest, admin: AdminPrincipal): AdminActionContext {
  return { adminPhone: admin.phone, ip: clientOf(request).ip, correlationId: request.id };
}

/**
 * The administrator's accounts (issue 7): `GET /api/admin/businesses`, `PATCH /api/admin/businesses/{phone}/toggle`
 * `{ isActive }` (pause or activate), `DELETE /api/admin/businesses/{phone}` (close),
 * `POST /api/admin/businesses/{phone}/reopen` (reopen a closed account, issue 15). Admin token only.
 */
@Controller('api/admin/businesses')
@UseGuards(AdminGuard)
export class AdminBusinessesController {
  constructor(private readonly businesses: AdminBusinesses) {}

  @Get()
  async list(): Promise<ApiSuccess<AdminBusinessRow[]>> {
    return success(await this.businesses.list(new Date()));
  }

  @Patch(':phone/toggle')
  async toggle(
    @Param('phone', phonePipe) phone: string,
    @BodyOf(toggleBusinessSchema, { absentAsEmpty: true }) { isActive }: Parsed<typeof toggleBusinessSchema>,
    @Req() request: FastifyRequest,
    @CurrentAdmin() admin: AdminPrincipal,
  ): Promise<ApiSuccess<AdminBusinessRow>> {
    return success(await this.businesses.setActive(phone, isActive, contextOf(request, admin)));
  }

  @Delete(':phone')
  async close(
    @Param('phone', phonePipe) phone: string,
    @Req() request: FastifyRequest,
    @CurrentAdmin() admin: AdminPrincipal,
  ): Promise<ApiSuccess<AdminBusinessRow>> {
    return success(await this.businesses.close(phone, contextOf(request, admin)));
  }

  @Post(':phone/reopen')
  @HttpCode(200)
  async reopen(
    @Param('phone', phonePipe) phone: string,
    @Req() request: FastifyRequest,
    @CurrentAdmin() admin: AdminPrincipal,
  ): Promise<ApiSuccess<AdminBusinessRow>> {
    return success(await this.businesses.reopen(phone, contextOf(request, admin)));
  }
}
