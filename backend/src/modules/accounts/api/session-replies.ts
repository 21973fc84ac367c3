import { Injectable } from '@nestjs/common';
import type { BusinessChoice, OwnerSession } from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Audience } from '../../../platform/auth/principals.js';
import { RefreshCookies } from '../../../platform/auth/refresh-cookies.js';
import { clientOf } from '../../../platform/auth/request-client.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { PersonAccess } from '../application/owner-sign-in.service.js';
import { SessionAnswers } from '../application/session-answers.js';
import { SessionIssuer, type SignedIn } from '../application/session-issuer.js';

/** Every business a phone may open: its own first, then the teams it belongs to. */
export function choicesOf(access: PersonAccess): BusinessChoice[] {
  return [
    ...(access.own ? [{ id: 'own', businessName: access.own.businessName, role: 'owner' as const }] : []),
    ...access.memberships.map((membership) => ({
      id: membership.memberId,
      businessName: membership.businessName,
      role: membership.role,
    })),
  ];
}

/**
 * The answer of every sign-in (an owner's registration, the one-time code of either audience, a team member's
 * choice of business): a new session, its refresh cookie on the reply and its access token.
 */
@Injectable()
export class SessionReplies {
  constructor(
    private readonly issuer: SessionIssuer,
    private readonly cookies: RefreshCookies,
    private readonly answers: SessionAnswers,
  ) {}

  /** Opens a session of `phone` for `audience`; answers the access token. */
  async signIn(audience: Audience, phone: string, request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const signed = await this.issuer.signIn({ audience, userId: phone, client: clientOf(request) });
    this.cookies.set(reply, audience, signed.refresh.token, signed.refresh.expiresAt);
    return signed.token;
  }

  /**
   * Opens the business `choiceId` names among those `personPhone` may open (its own first when none is named), sets
   * the cookie and answers the session, with the list to choose from when there is more than one (issue 31).
   */
  async signInPerson(
    access: PersonAccess,
    personPhone: string,
    choiceId: string | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<OwnerSession> {
    const choices = choicesOf(access);
    const choice = choiceId === undefined ? choices[0] : choices.find((candidate) => candidate.id === choiceId);
    if (!choice) throw new AppError('not_found');
    const client = clientOf(request);
    const membership = access.memberships.find((candidate) => candidate.memberId === choice.id);
    const signed: SignedIn = membership
      ? await this.issuer.signInMember({
          businessPhone: membership.businessPhone,
          memberId: membership.memberId,
          personPhone,
          role: membership.role,
          client,
        })
      : await this.issuer.signIn({ audience: 'owner', userId: personPhone, client });
    const answer = await this.answers.of(signed);
    if (!answer) throw new AppError('otp.invalid');
    this.cookies.set(reply, 'owner', signed.refresh.token, signed.refresh.expiresAt);
    return choices.length > 1 ? { ...answer, businesses: choices } : answer;
  }
}
