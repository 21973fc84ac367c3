import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import type { Audience } from '../../../platform/auth/principals.js';
import type { ClientInfo } from '../../../platform/auth/request-client.js';
import type { SessionDirectory } from '../../../platform/auth/session-directory.port.js';
import { query } from '../../../platform/event-store/postgres/sql.js';
import { AppError } from '../../../platform/http/app-error.js';
import { newRefreshToken, refreshTokenHash, refreshVerdict, SESSION_ABSOLUTE_MS } from '../domain/session-rules.js';
import { UserSessionEntity } from '../persistence/user-session.entity.js';

export interface OpenedSession {
  userId: string;
  sessionId: string;
  /** Given to the client once, in the cookie; only its SHA-256 is stored. */
  refreshToken: string;
  expiresAt: Date;
}

/**
 * The `user_sessions` table: one row per refresh token. A sign-in starts a family; each refresh revokes its row
 * ('rotated') and adds the next one to the family with the same absolute expiry. A rotated token presented again means
 * a copy exists somewhere, so the whole family is revoked ('reuse_detected').
 */
@Injectable()
export class Sessions implements SessionDirectory {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async start(options: {
    audience: Audience;
    userId: string;
    client: ClientInfo;
    impersonatedBy?: string;
    lifetimeMs?: number;
  }): Promise<OpenedSession> {
    const now = new Date();
    const refreshToken = newRefreshToken();
    const em = this.database.em();
    const session = em.create(UserSessionEntity, {
      id: randomUUID(),
      userId: options.userId,
      audience: options.audience,
      familyId: randomUUID(),
      refreshTokenHash: refreshTokenHash(refreshToken),
      ipAddress: options.client.ip,
      userAgent: options.client.userAgent,
      impersonatedBy: options.impersonatedBy ?? null,
      createdAt: now,
      lastActive: now,
      expiresAt: new Date(now.getTime() + (options.lifetimeMs ?? SESSION_ABSOLUTE_MS)),
      isRevoked: false,
    });
    await em.flush();
    return { userId: session.userId, sessionId: session.id, refreshToken, expiresAt: session.expiresAt };
  }

  /** Exchanges a refresh token for the next one of its family; a 401 for anything but a live, unrotated token. */
  async rotate(options: { audience: Audience; refreshToken: string; client: ClientInfo }): Promise<OpenedSession> {
    const now = new Date();
    const next = await this.database.em().transactional(async (em) => {
      // The row lock makes two concurrent refreshes of one token take turns: the second one sees 'rotated'.
      const current = await em.findOne(
        UserSessionEntity,
        { refreshTokenHash: refreshTokenHash(options.refreshToken), audience: options.audience },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      const verdict = refreshVerdict(current ?? undefined, now);
      if (!current || verdict.outcome !== 'rotate') {
        if (current && verdict.outcome === 'reuse') {
          await em.nativeUpdate(
            UserSessionEntity,
            { familyId: current.familyId, isRevoked: false },
            { isRevoked: true, revokedAt: now, revokedReason: 'reuse_detected' },
          );
        } else if (current && verdict.outcome === 'refuse' && verdict.revokeAs) {
          Object.assign(current, { isRevoked: true, revokedAt: now, revokedReason: verdict.revokeAs });
        }
        return undefined;
      }
      Object.assign(current, { isRevoked: true, revokedAt: now, revokedReason: 'rotated' });
      const refreshToken = newRefreshToken();
      const successor = em.create(UserSessionEntity, {
        id: randomUUID(),
        userId: current.userId,
        audience: current.audience,
        familyId: current.familyId,
        refreshTokenHash: refreshTokenHash(refreshToken),
        deviceFingerprint: current.deviceFingerprint ?? null,
        ipAddress: options.client.ip,
        userAgent: options.client.userAgent,
        createdAt: now,
        lastActive: now,
        // Rotation never extends the sign-in: the family keeps its absolute expiry.
        expiresAt: current.expiresAt,
        isRevoked: false,
      });
      return { userId: successor.userId, sessionId: successor.id, refreshToken, expiresAt: successor.expiresAt };
    });
    if (!next) throw new AppError('auth.unauthenticated');
    return next;
  }

  /** Ends the sign-in a refresh token belongs to (its whole family); unknown tokens are ignored. */
  async revokeByRefreshToken(audience: Audience, refreshToken: string, reason: string): Promise<void> {
    const em = this.database.em();
    const session = await em.findOne(UserSessionEntity, { refreshTokenHash: refreshTokenHash(refreshToken), audience });
    if (session) await this.revokeFamily(session.familyId, reason);
  }

  /** Ends the sign-in of one session id (an access token's `sid`), e.g. the logout of an admin's visit. */
  async revokeBySessionId(sessionId: string, reason: string): Promise<void> {
    const session = await this.database.em().findOne(UserSessionEntity, { id: sessionId });
    if (session) await this.revokeFamily(session.familyId, reason);
  }

  /**
   * Signs a user out everywhere, e.g. when an administrator closes a business. Access tokens stop working at once:
   * the guards check the session on every request.
   */
  async revokeAllSessions(userId: string, reason: string, audience: Audience = 'owner'): Promise<number> {
    return this.database
      .em()
      .nativeUpdate(
        UserSessionEntity,
        { userId, audience, isRevoked: false },
        { isRevoked: true, revokedAt: new Date(), revokedReason: reason },
      );
  }

  async isActive({ audience, userId, sessionId }: { audience: Audience; userId: string; sessionId: string }) {
    // One indexed lookup per request; for owners it also tells whether the business still exists and is not closed.
    const rows = await query<{ ok: number }>(
      this.database.em(),
      audience === 'owner'
        ? `select 1 as ok from user_sessions s join businesses b on b.phone = s.user_id
            where s.id = ? and s.user_id = ? and s.audience = 'owner' and not s.is_revoked and s.expires_at > now()
              and b.closed_at is null`
        : `select 1 as ok from user_sessions s
            where s.id = ? and s.user_id = ? and s.audience = 'admin' and not s.is_revoked and s.expires_at > now()`,
      [sessionId, userId],
    );
    return rows.length > 0;
  }

  private async revokeFamily(familyId: string, reason: string): Promise<void> {
    await this.database
      .em()
      .nativeUpdate(
        UserSessionEntity,
        { familyId, isRevoked: false },
        { isRevoked: true, revokedAt: new Date(), revokedReason: reason },
      );
  }
}
