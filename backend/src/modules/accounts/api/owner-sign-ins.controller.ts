import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  type ApiSuccess,
  type OwnerSessionsAnswer,
  type SessionsEnded,
  type StepUpGranted,
  type StepUpSent,
  stepUpVerifySchema,
  success,
} from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import type { RateLimitRule } from '../../../platform/auth/ip-rate-limiter.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { RateLimited } from '../../../platform/http/rate-limited.js';
import { Sessions } from '../application/sessions.service.js';
import { SignInList } from '../application/sign-in-list.js';
import { StepUps } from '../application/step-ups.service.js';
import { SEND_CODE_PER_IP, VERIFY_CODE_PER_IP } from './owner-sign-in.controller.js';

// The same per-address limits as the sign-in code, counted apart (another purpose, another SMS).
const STEP_UP_SEND_PER_IP: RateLimitRule = { ...SEND_CODE_PER_IP, name: 'step-up' };
const STEP_UP_VERIFY_PER_IP: RateLimitRule = { ...VERIFY_CODE_PER_IP, name: 'step-up-verify' };

const FAMILY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The signed-in owner's own sign-ins (decision 036): `POST /api/auth/step-up` and `/step-up/verify` (a fresh code
 * before a sensitive change), `GET /api/auth/sessions` (where the account is signed in), `DELETE
 * /api/auth/sessions/{id}` and `POST /api/auth/sessions/sign-out-others`. Not in the product specification.
 */
@Controller('api/auth')
@UseGuards(OwnerGuard)
@Permission('team.manage')
export class OwnerSignInsController {
  constructor(
    private readonly stepUps: StepUps,
    private readonly list: SignInList,
    private readonly sessions: Sessions,
  ) {}

  @Post('step-up')
  @Permission('business.owner')
  @HttpCode(200)
  @RateLimited(STEP_UP_SEND_PER_IP)
  async sendStepUpCode(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<StepUpSent>> {
    await this.stepUps.sendCode(owner);
    return success({ sent: true });
  }

  @Post('step-up/verify')
  @Permission('business.owner')
  @HttpCode(200)
  @RateLimited(STEP_UP_VERIFY_PER_IP)
  async verifyStepUpCode(
    @BodyOf(stepUpVerifySchema, { absentAsEmpty: true }) { code }: Parsed<typeof stepUpVerifySchema>,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<StepUpGranted>> {
    const until = await this.stepUps.verify(owner, code);
    return success({ validUntil: until.toISOString() });
  }

  @Get('sessions')
  async signIns(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<OwnerSessionsAnswer>> {
    return success({ sessions: await this.list.of(owner) });
  }

  /** Ends one sign-in of this business; its sockets close at once. Another business's, or none: 404, nothing ends. */
  @Delete('sessions/:id')
  async endSignIn(@Param('id') id: string, @CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<SessionsEnded>> {
    const ended =
      FAMILY_ID.test(id) &&
      (await this.sessions.revokeSignIn({ audience: 'owner', userId: owner.phone, familyId: id }));
    if (!ended) throw new AppError('not_found');
    return success({ signedOut: 1 });
  }

  @Post('sessions/sign-out-others')
  @HttpCode(200)
  async endOtherSignIns(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<SessionsEnded>> {
    const signedOut = await this.sessions.revokeOtherSignIns({
      audience: 'owner',
      userId: owner.phone,
      keepSessionId: owner.sessionId,
    });
    return success({ signedOut });
  }
}
