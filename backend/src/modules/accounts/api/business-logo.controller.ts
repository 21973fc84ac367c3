import '@fastify/multipart';
import { Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { type ApiSuccess, type OwnerBusinessResponse, success, validationMessagesHe } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { readFilePart, readingMultipart } from '../../../platform/images/multipart-file.js';
import { LogoUploads } from '../application/logo-uploads.service.js';
import { currentBusiness } from './current-business.js';

const missingFile = () =>
  new AppError('validation.failed', {
    message: validationMessagesHe.logoFileMissing,
    fields: { logo: validationMessagesHe.logoFileMissing },
  });

/** `POST /api/business/logo`: multipart, one file in the field `logo` (5 MB at most, see app.factory.ts). */
@Controller('api/business')
@UseGuards(OwnerGuard)
@Permission('settings.edit')
export class BusinessLogoController {
  constructor(
    private readonly logos: LogoUploads,
    private readonly queries: QueryBus,
  ) {}

  @Post('logo')
  @HttpCode(200)
  async upload(
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerBusinessResponse>> {
    if (!request.isMultipart()) throw missingFile();
    const bytes = await readingMultipart(async () => {
      const part = await request.file();
      if (!part) throw missingFile();
      if (part.fieldname !== 'logo') {
        part.file.resume();
        throw missingFile();
      }
      return readFilePart(part);
    });
    await this.logos.replace({ phone: owner.phone, bytes, context });
    return success({ business: await currentBusiness(this.queries, owner) });
  }
}
