import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Audience } from '../../../platform/auth/principals.js';
import { RefreshCookies } from '../../../platform/auth/refresh-cookies.js';
import { clientOf } from '../../../platform/auth/request-client.js';
import { SessionIssuer } from '../application/session-issuer.js';

/**
 * The answer of every sign-in (an owner's registration, the one-time code of either audience): a new session, its
 * refresh cookie on the reply and its access token.
 */
@Injectable()
export class SessionReplies {
  constructor(
    private readonly issuer: SessionIssuer,
    private readonly cookies: RefreshCookies,
  ) {}

  /** Opens a session of `phone` for `audience`; answers the access token. */
  async signIn(audience: Audience, phone: string, request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const signed = await this.issuer.signIn({ audience, userId: phone, client: clientOf(request) });
    this.cookies.set(reply, audience, signed.refresh.token, signed.refresh.expiresAt);
    return signed.token;
  }
}
