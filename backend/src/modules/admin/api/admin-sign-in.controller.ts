import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  type AdminSession,
  type ApiSuccess,
  type OtpSent,
  sendOtpSchema,
  success,
  verifyOtpSchema,
} from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../../../platform/auth/ip-rate-limiter.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { RateLimited } from '../../../platform/http/rate-limited.js';
import { SessionReplies } from '../../accounts/index.js';
import { AdminSignIn } from '../application/admin-sign-in.service.js';

export const ADMIN_SEND_CODE_PER_IP: RateLimitRule = { name: 'admin-send-otp', limit: 10, windowMs: 10 * 60_000 };
export const ADMIN_VERIFY_CODE_PER_IP: RateLimitRule = { name: 'admin-verify-otp', limit: 30, windowMs: 10 * 60_000 };

/**
 * `POST /api/admin/send-otp` and `POST /api/admin/verify-otp` (the only admin calls without an admin token): the
 * owner's sign-in (accounts' CodeSignIn) under the administrator's audience, limits and cookie.
 */
@Controller('api/admin')
export class AdminSignInController {
  constructor(
    private readonly signIn: AdminSignIn,
    private readonly replies: SessionReplies,
  ) {}

  @Post('send-otp')
  @HttpCode(200)
  @RateLimited(ADMIN_SEND_CODE_PER_IP)
  async send(@BodyOf(sendOtpSchema) { phone }: Parsed<typeof sendOtpSchema>): Promise<ApiSuccess<OtpSent>> {
    await this.signIn.sendCode(phone);
    return success({ sent: true });
  }

  @Post('verify-otp')
  @HttpCode(200)
  @RateLimited(ADMIN_VERIFY_CODE_PER_IP)
  async verify(
    @BodyOf(verifyOtpSchema) { phone, code }: Parsed<typeof verifyOtpSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<AdminSession>> {
    await this.signIn.verifyCode(phone, code);
    return success({ token: await this.replies.signIn('admin', phone, request, reply) });
  }
}
