import { Injectable } from '@nestjs/common';
import { AccessTokens, IMPERSONATION_TTL_SECONDS } from '../../../platform/auth/access-tokens.js';
import type { Audience } from '../../../platform/auth/principals.js';
import type { ClientInfo } from '../../../platform/auth/request-client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { Sessions } from './sessions.service.js';

export interface SignedIn {
  userId: string;
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
  ) {}

  allowRenewalWhen(audience: Audience, rule: StillAllowed): void {
    this.stillAllowed.set(audience, rule);
  }

  async signIn(options: { audience: Audience; userId: string; client: ClientInfo }): Promise<SignedIn> {
    const session = await this.sessions.start(options);
    return this.withToken(options.audience, session);
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
    if (!rule || !(await rule(session.userId))) {
      await this.sessions.revokeBySessionId(session.sessionId, 'no_longer_allowed');
      throw new AppError('auth.unauthenticated');
    }
    return this.withToken(options.audience, session);
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
  ): Promise<SignedIn> {
    const token = await this.tokens.sign({ audience, subject: session.userId, sessionId: session.sessionId });
    return {
      userId: session.userId,
      token,
      refresh: { token: session.refreshToken, expiresAt: session.expiresAt },
    };
  }
}
