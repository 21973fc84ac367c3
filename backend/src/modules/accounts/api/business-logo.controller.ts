import '@fastify/multipart';
import { Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { type ApiSuccess, type OwnerBusinessResponse, success, validationMessagesHe } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { actorOf, CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
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
  ): Promise<ApiSuccess<OwnerBusinessResponse>> {
    if (!request.isMultipart()) throw missingFile();
    const part = await request.file();
    if (!part) throw missingFile();
    if (part.fieldname !== 'logo') {
      part.file.resume();
      throw missingFile();
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload.too_large');
      throw error;
    }
    // The plugin may mark the file truncated only after its last chunk was read, without throwing: check it here.
    if (part.file.truncated) throw new AppError('payload.too_large');
    await this.logos.replace({
      phone: owner.phone,
      bytes,
      context: { actor: actorOf(owner), correlationId: request.id },
    });
    return success({ business: await currentBusiness(this.queries, owner) });
  }
}
