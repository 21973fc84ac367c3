import { Injectable } from '@nestjs/common';
import type { OwnerBusiness, OwnerSession } from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RefreshCookies } from '../../../platform/auth/refresh-cookies.js';
import { clientOf } from '../../../platform/auth/request-client.js';
import { SessionIssuer } from '../application/session-issuer.js';

/** The answer of every owner sign-in (registration, code, refresh): the refresh cookie, the token and the business. */
@Injectable()
export class OwnerSessionReplies {
  constructor(
    private readonly issuer: SessionIssuer,
    private readonly cookies: RefreshCookies,
  ) {}

  async signIn(business: OwnerBusiness, request: FastifyRequest, reply: FastifyReply): Promise<OwnerSession> {
    const signed = await this.issuer.signIn({ audience: 'owner', userId: business.phone, client: clientOf(request) });
    this.cookies.set(reply, 'owner', signed.refresh.token, signed.refresh.expiresAt);
    return { business, token: signed.token };
  }
}
