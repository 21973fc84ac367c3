import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Role } from '@tafrit/contracts';
import { AccessTokens, IMPERSONATION_TTL_SECONDS } from '../../../platform/auth/access-tokens.js';
import type { Audience, MemberRef } from '../../../platform/auth/principals.js';
import { TEAM_DIRECTORY, type TeamDirectory } from '../../../platform/auth/team-directory.port.js';
import { DEVICE_SESSION_MS } from '../domain/session-rules.js';
import type { ClientInfo } from '../../../platform/auth/request-client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { Sessions } from './sessions.service.js';

export interface SignedIn {
  userId: string;
  role: Role;
  /** The team member signed in (issue 31); undefined for the owner and the administrator. */
  member: MemberRef | undefined;
  /** The 15-minute bearer token. */
  token: string;
  /** For the HttpOnly cookie; absent for an administrator's visit inside a business. */
  refresh: { token: string; expiresAt: Date };
}

/** May this user still hold a session of this audience (business open, phone still an admin)? Asked on refresh. */
export type StillAllowed = (userId: string) => Promise<boolean>;

/**
 * Opens, renews and ends sessions: a `user_sessions` row plus a signed access token naming it. The owner and admin
 * modules each register what "still allowed" means for their audience; an audience with no rule is never renewed.
 */
@Injectable()
export class SessionIssuer {
  private readonly stillAllowed = new Map<Audience, StillAllowed>();

  constructor(
    private readonly sessions: Sessions,
    private readonly tokens: AccessTokens,
    @Optional() @Inject(TEAM_DIRECTORY) private readonly team?: TeamDirectory,
  ) {}

  allowRenewalWhen(audience: Audience, rule: StillAllowed): void {
    this.stillAllowed.set(audience, rule);
  }

  async signIn(options: { audience: Audience; userId: string; client: ClientInfo }): Promise<SignedIn> {
    const session = await this.sessions.start(options);
    return this.withToken(options.audience, session, 'owner', undefined);
  }

  /**
   * A person's sign-in to a business they work in (issue 31): the session belongs to the business, names the member
   * and the phone that received the code, and ends after the business's idle time.
   */
  async signInMember(options: {
    businessPhone: string;
    memberId: string;
    personPhone: string;
    role: Role;
    client: ClientInfo;
  }): Promise<SignedIn> {
    const session = await this.sessions.start({
      audience: 'owner',
      userId: options.businessPhone,
      client: options.client,
      memberId: options.memberId,
      personPhone: options.personPhone,
      idleMs: this.team ? await this.team.idleMsOf(options.businessPhone) : undefined,
    });
    return this.withToken('owner', session, options.role, { kind: 'person', id: options.memberId });
  }

  /** A paired kitchen screen's sign-in: one credential, never rotated, until it is revoked (issue 31). */
  async signInScreen(options: { businessPhone: string; screenId: string; client: ClientInfo }): Promise<SignedIn> {
    const session = await this.sessions.start({
      audience: 'owner',
      userId: options.businessPhone,
      client: options.client,
      memberId: options.screenId,
      device: true,
      lifetimeMs: DEVICE_SESSION_MS,
    });
    return this.withToken('owner', session, 'kitchen', { kind: 'screen', id: options.screenId });
  }

  /** An owner token for an administrator: one hour, no refresh token handed out, the admin named in the token. */
  async openAsAdmin(options: { phone: string; adminPhone: string; client: ClientInfo }): Promise<string> {
    const session = await this.sessions.start({
      audience: 'owner',
      userId: options.phone,
      client: options.client,
      impersonatedBy: options.adminPhone,
      lifetimeMs: IMPERSONATION_TTL_SECONDS * 1000,
    });
    return this.tokens.sign({
      audience: 'owner',
      subject: options.phone,
      sessionId: session.sessionId,
      impersonatedBy: options.adminPhone,
      ttlSeconds: IMPERSONATION_TTL_SECONDS,
    });
  }

  async renew(options: { audience: Audience; refreshToken: string; client: ClientInfo }): Promise<SignedIn> {
    const session = await this.sessions.rotate(options);
    const rule = this.stillAllowed.get(options.audience);
    // A member's role is read again at every renewal: a removal or a change has already ended the session, this
    // only closes the moment between the two.
    const member =
      session.memberId && this.team ? await this.team.memberOf(session.userId, session.memberId) : undefined;
    if (!rule || !(await rule(session.userId)) || (session.memberId && !member)) {
      await this.sessions.revokeBySessionId(session.sessionId, 'no_longer_allowed');
      throw new AppError('auth.unauthenticated');
    }
    if (!session.memberId || !member) return this.withToken(options.audience, session, 'owner', undefined);
    const kind = session.device ? 'screen' : 'person';
    return this.withToken(options.audience, session, member.role, { kind, id: session.memberId });
  }

  async signOut(options: { audience: Audience; refreshToken?: string; sessionId?: string }): Promise<void> {
    if (options.refreshToken) {
      await this.sessions.revokeByRefreshToken(options.audience, options.refreshToken, 'logout');
    }
    if (options.sessionId) await this.sessions.revokeBySessionId(options.sessionId, 'logout');
  }

  private async withToken(
    audience: Audience,
    session: { userId: string; sessionId: string; refreshToken: string; expiresAt: Date },
    role: Role,
    member: MemberRef | undefined,
  ): Promise<SignedIn> {
    const token = await this.tokens.sign({
      audience,
      subject: session.userId,
      sessionId: session.sessionId,
      role,
      ...(member ? { member } : {}),
    });
    return {
      userId: session.userId,
      role,
      member,
      token,
      refresh: { token: session.refreshToken, expiresAt: session.expiresAt },
    };
  }
}
