import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  type ApiSuccess,
  type OtpSent,
  type OwnerSession,
  sendOtpSchema,
  success,
  verifyOtpSchema,
} from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../../../platform/auth/ip-rate-limiter.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { RateLimited } from '../../../platform/http/rate-limited.js';
import { OwnerSignIn } from '../application/owner-sign-in.service.js';
import { SessionReplies } from './session-replies.js';

// Per address, on top of the per-phone limits: one address cannot walk through many phones (SMS cost, enumeration).
export const SEND_CODE_PER_IP: RateLimitRule = { name: 'send-otp', limit: 10, windowMs: 10 * 60_000 };
export const VERIFY_CODE_PER_IP: RateLimitRule = { name: 'verify-otp', limit: 30, windowMs: 10 * 60_000 };

/**
 * `POST /api/send-otp` and `POST /api/verify-otp`: the sign-in by a one-time code of an owner or of a person in a
 * café's team (issue 31), who may then switch to another business they work in (switch-business.controller.ts).
 */
@Controller('api')
export class OwnerSignInController {
  constructor(
    private readonly signIn: OwnerSignIn,
    private readonly replies: SessionReplies,
  ) {}

  /** The same answer for every phone: whether an account exists is nobody's business here. */
  @Post('send-otp')
  @HttpCode(200)
  @RateLimited(SEND_CODE_PER_IP)
  async send(@BodyOf(sendOtpSchema) { phone }: Parsed<typeof sendOtpSchema>): Promise<ApiSuccess<OtpSent>> {
    await this.signIn.sendCode(phone);
    return success({ sent: true });
  }

  @Post('verify-otp')
  @HttpCode(200)
  @RateLimited(VERIFY_CODE_PER_IP)
  async verify(
    @BodyOf(verifyOtpSchema) { phone, code }: Parsed<typeof verifyOtpSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<OwnerSession>> {
    const access = await this.signIn.verifyCode(phone, code);
    return success(await this.replies.signInPerson(access, phone, undefined, request, reply));
  }
}
