import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  type AdminSession,
  type ApiSuccess,
  type OwnerSession,
  sessionAudienceSchema,
  success,
} from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccessTokens } from '../../../platform/auth/access-tokens.js';
import { RefreshCookies } from '../../../platform/auth/refresh-cookies.js';
import { clientOf } from '../../../platform/auth/request-client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { SessionAnswers } from '../application/session-answers.js';
import { SessionIssuer } from '../application/session-issuer.js';

/**
 * `POST /api/auth/refresh` and `POST /api/auth/logout`, for the owner's cookie (default) or, with
 * `{ "audience": "admin" }`, the administrator's.
 */
@Controller('api/auth')
export class SessionsController {
  constructor(
    private readonly issuer: SessionIssuer,
    private readonly cookies: RefreshCookies,
    private readonly tokens: AccessTokens,
    private readonly answers: SessionAnswers,
  ) {}

  @Post('refresh')
  @HttpCode(200)
  async refresh(
    @BodyOf(sessionAudienceSchema) audience: Parsed<typeof sessionAudienceSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<OwnerSession | AdminSession>> {
    const presented = this.cookies.read(request, audience);
    if (!presented) throw new AppError('auth.unauthenticated');
    let signed;
    try {
      signed = await this.issuer.renew({ audience, refreshToken: presented, client: clientOf(request) });
    } catch (error) {
      // A refused cookie is dead for good: drop it so the client stops presenting it.
      if (error instanceof AppError) this.cookies.clear(reply, audience);
      throw error;
    }
    this.cookies.set(reply, audience, signed.refresh.token, signed.refresh.expiresAt);
    if (audience === 'admin') return success({ token: signed.token });
    const answer = await this.answers.of(signed);
    if (!answer) throw new AppError('auth.unauthenticated');
    return success(answer);
  }

  /** Ends the sign-in of the cookie and of the bearer token, whichever came; always succeeds and clears the cookie. */
  @Post('logout')
  @HttpCode(200)
  async logout(
    @BodyOf(sessionAudienceSchema) audience: Parsed<typeof sessionAudienceSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<{ signedOut: true }>> {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const claims = bearer ? await this.tokens.verify(bearer, audience) : undefined;
    const refreshToken = this.cookies.read(request, audience);
    await this.issuer.signOut({
      audience,
      ...(refreshToken ? { refreshToken } : {}),
      ...(claims ? { sessionId: claims.sessionId } : {}),
    });
    this.cookies.clear(reply, audience);
    return success({ signedOut: true });
  }
}
