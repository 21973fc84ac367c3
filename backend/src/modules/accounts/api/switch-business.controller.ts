import { Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { type ApiSuccess, type OwnerSession, success, switchBusinessSchema } from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { OwnerSignIn } from '../application/owner-sign-in.service.js';
import { Sessions } from '../application/sessions.service.js';
import { SessionReplies } from './session-replies.js';

/**
 * `POST /api/auth/switch-business` (issue 31): a person who works in several businesses (or owns one and works in
 * another's kitchen) moves their sign-in to another of them. The current sign-in ends and a new one opens, so a
 * session is always one person in one business. A paired screen belongs to one business and cannot switch.
 */
@Controller('api/auth')
@UseGuards(OwnerGuard)
@Permission('self')
export class SwitchBusinessController {
  constructor(
    private readonly sessions: Sessions,
    private readonly signIn: OwnerSignIn,
    private readonly replies: SessionReplies,
  ) {}

  @Post('switch-business')
  @HttpCode(200)
  async switchBusiness(
    @BodyOf(switchBusinessSchema) { id }: Parsed<typeof switchBusinessSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<OwnerSession>> {
    if (owner.member?.kind === 'screen' || owner.impersonatedBy) throw new AppError('auth.role_forbidden');
    const session = await this.sessions.openSession(owner.sessionId);
    if (!session) throw new AppError('auth.unauthenticated');
    const personPhone = session.personPhone ?? session.userId;
    const access = await this.signIn.accessOf(personPhone);
    const answer = await this.replies.signInPerson(access, personPhone, id, request, reply);
    await this.sessions.revokeBySessionId(owner.sessionId, 'switched');
    return success(answer);
  }
}
