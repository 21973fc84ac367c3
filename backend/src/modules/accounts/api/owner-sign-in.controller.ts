import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  type ApiSuccess,
  type OtpSent,
  type OwnerSession,
  sendOtpSchema,
  success,
  verifyOtpSchema,
} from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IpRateLimiter, type RateLimitRule } from '../../../platform/auth/ip-rate-limiter.js';
import { parseWith } from '../../../platform/http/parse.js';
import { OwnerSignIn } from '../application/owner-sign-in.service.js';
import { OwnerSessionReplies } from './owner-session.replies.js';

// Per address, on top of the per-phone limits: one address cannot walk through many phones (SMS cost, enumeration).
export const SEND_CODE_PER_IP: RateLimitRule = { name: 'send-otp', limit: 10, windowMs: 10 * 60_000 };
export const VERIFY_CODE_PER_IP: RateLimitRule = { name: 'verify-otp', limit: 30, windowMs: 10 * 60_000 };

/** `POST /api/send-otp` and `POST /api/verify-otp`: the owner's sign-in by a one-time code. */
@Controller('api')
export class OwnerSignInController {
  constructor(
    private readonly signIn: OwnerSignIn,
    private readonly limiter: IpRateLimiter,
    private readonly replies: OwnerSessionReplies,
  ) {}

  /** The same answer for every phone: whether an account exists is nobody's business here. */
  @Post('send-otp')
  @HttpCode(200)
  async send(@Body() body: unknown, @Req() request: FastifyRequest): Promise<ApiSuccess<OtpSent>> {
    await this.limiter.consume(SEND_CODE_PER_IP, request.ip);
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
  ): Promise<ApiSuccess<OwnerSession>> {
    await this.limiter.consume(VERIFY_CODE_PER_IP, request.ip);
    const { phone, code } = parseWith(verifyOtpSchema, body);
    const business = await this.signIn.verifyCode(phone, code);
    return success(await this.replies.signIn(business, request, reply));
  }
}
