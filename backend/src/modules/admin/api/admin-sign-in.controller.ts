import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  type AdminSession,
  type ApiSuccess,
  type OtpSent,
  sendOtpSchema,
  success,
  verifyOtpSchema,
} from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IpRateLimiter, type RateLimitRule } from '../../../platform/auth/ip-rate-limiter.js';
import { RefreshCookies } from '../../../platform/auth/refresh-cookies.js';
import { clientOf } from '../../../platform/auth/request-client.js';
import { parseWith } from '../../../platform/http/parse.js';
import { SessionIssuer } from '../../accounts/index.js';
import { AdminSignIn } from '../application/admin-sign-in.service.js';

export const ADMIN_SEND_CODE_PER_IP: RateLimitRule = { name: 'admin-send-otp', limit: 10, windowMs: 10 * 60_000 };
export const ADMIN_VERIFY_CODE_PER_IP: RateLimitRule = { name: 'admin-verify-otp', limit: 30, windowMs: 10 * 60_000 };

/** `POST /api/admin/send-otp` and `POST /api/admin/verify-otp` (the only admin calls without an admin token). */
@Controller('api/admin')
export class AdminSignInController {
  constructor(
    private readonly signIn: AdminSignIn,
    private readonly issuer: SessionIssuer,
    private readonly cookies: RefreshCookies,
    private readonly limiter: IpRateLimiter,
  ) {}

  @Post('send-otp')
  @HttpCode(200)
  async send(@Body() body: unknown, @Req() request: FastifyRequest): Promise<ApiSuccess<OtpSent>> {
    await this.limiter.consume(ADMIN_SEND_CODE_PER_IP, request.ip);
    const { phone } = parseWith(sendOtpSchema, body);
    await this.signIn.sendCode(phone);
    return success({ sent: true });
  }

  @Post('verify-otp')
  @HttpCode(200)
  async verify(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<AdminSession>> {
    await this.limiter.consume(ADMIN_VERIFY_CODE_PER_IP, request.ip);
    const { phone, code } = parseWith(verifyOtpSchema, body);
    await this.signIn.verifyCode(phone, code);
    const signed = await this.issuer.signIn({ audience: 'admin', userId: phone, client: clientOf(request) });
    this.cookies.set(reply, 'admin', signed.refresh.token, signed.refresh.expiresAt);
    return success({ token: signed.token });
  }
}
