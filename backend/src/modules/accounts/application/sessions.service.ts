import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { deriveKey } from '../../../platform/auth/derive-key.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import type { Audience } from '../../../platform/auth/principals.js';
import type { ClientInfo } from '../../../platform/auth/request-client.js';
import type { SessionDirectory } from '../../../platform/auth/session-directory.port.js';
import { SessionEndings } from '../../../platform/auth/session-endings.js';
import { query } from '../../../platform/database/sql.js';
import { AppError } from '../../../platform/http/app-error.js';
import {
  newRefreshToken,
  refreshTokenHash,
  refreshVerdict,
  SESSION_ABSOLUTE_MS,
  successorRefreshToken,
} from '../domain/session-rules.js';
import { type UserSession, UserSessionEntity } from '../persistence/user-session.entity.js';

/** How far a late refresh follows a chain of rotations inside the grace window (two or three tabs at most). */
const MAX_SUCCESSOR_STEPS = 4;

export interface OpenedSession {
  /** The business's phone (or the administrator's). */
  userId: string;
  sessionId: string;
  /** The team member the session is for (issue 31); null for the owner and the administrator. */
  memberId: string | null;
  personPhone: string | null;
  device: boolean;
  /** Given to the client once, in the cookie; only its SHA-256 is stored. */
  refreshToken: string;
  expiresAt: Date;
}

/**
 * The `user_sessions` table: one row per refresh token. A sign-in starts a family; each refresh revokes its row
 * ('rotated') and adds the next one to the family with the same absolute expiry. A rotated token presented again within
 * ROTATION_GRACE_MS gets the session it rotated into (two tabs refreshing at once); later, it means a copy exists
 * somewhere, so the whole family is revoked ('reuse_detected').
 */
@Injectable()
export class Sessions implements SessionDirectory {
  private readonly refreshKey: Buffer;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly endings: SessionEndings,
  ) {
    this.refreshKey = deriveKey(config.jwtSecret, 'refresh-tokens');
  }

  async start(options: {
    audience: Audience;
    userId: string;
    client: ClientInfo;
    impersonatedBy?: string;
    lifetimeMs?: number;
    /** A team member's sign-in (issue 31): the person or screen, its phone, how long it may go unused. */
    memberId?: string;
    personPhone?: string;
    idleMs?: number;
    device?: boolean;
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
      memberId: options.memberId ?? null,
      personPhone: options.personPhone ?? null,
      idleMs: options.idleMs ?? null,
      device: options.device ?? false,
    });
    await em.flush();
    return { ...openedOf(session), refreshToken };
  }

  /**
   * Exchanges a refresh token for the next one of its family; a 401 for anything but a live token or one rotated
   * within the grace window. The successor's token is derived from the presented one (`successorRefreshToken`), so a
   * second refresh with the same token inside the window gets the very same successor: same session, same cookie.
   */
  async rotate(options: { audience: Audience; refreshToken: string; client: ClientInfo }): Promise<OpenedSession> {
    const now = new Date();
    let stolen = undefined as { audience: Audience; familyId: string } | undefined;
    const next = await this.database.em().transactional(async (em) => {
      // The row lock makes two concurrent refreshes of one token take turns: the second one waits for the first to
      // commit, then sees 'rotated' with the successor already stored, and joins it. Nothing here lives in process
      // memory or Redis, so this holds across instances, with Redis configured or not.
      const current = await em.findOne(
        UserSessionEntity,
        { refreshTokenHash: refreshTokenHash(options.refreshToken), audience: options.audience },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      const verdict = refreshVerdict(current ?? undefined, now);
      if (!current) return undefined;
      switch (verdict.outcome) {
        case 'rotate':
          return this.rotateRow(em, current, options, now);
        case 'keep':
          // A screen's credential is not rotated: the tablet keeps presenting it across restarts (issue 31).
          Object.assign(current, {
            lastActive: now,
            ipAddress: options.client.ip,
            userAgent: options.client.userAgent,
          });
          return { ...openedOf(current), refreshToken: options.refreshToken };
        case 'rejoin':
          return this.successorOf(em, current, options.refreshToken, now);
        case 'reuse':
          await em.nativeUpdate(
            UserSessionEntity,
            { familyId: current.familyId, isRevoked: false },
            { isRevoked: true, revokedAt: now, revokedReason: 'reuse_detected' },
          );
          stolen = { audience: current.audience as Audience, familyId: current.familyId };
          return undefined;
        case 'refuse':
          if (verdict.revokeAs) {
            Object.assign(current, { isRevoked: true, revokedAt: now, revokedReason: verdict.revokeAs });
          }
          return undefined;
      }
    });
    // After the commit: the sockets of a sign-in ended by reuse detection close too.
    if (stolen) this.endings.announce({ kind: 'sign-in', ...stolen });
    if (!next) throw new AppError('auth.unauthenticated');
    return next;
  }

  private rotateRow(
    em: EntityManager,
    current: UserSession,
    options: { refreshToken: string; client: ClientInfo },
    now: Date,
  ): OpenedSession {
    Object.assign(current, { isRevoked: true, revokedAt: now, revokedReason: 'rotated' });
    const refreshToken = successorRefreshToken(this.refreshKey, options.refreshToken);
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
      // A step-up belongs to the sign-in, not to one access token: a refresh inside its five minutes keeps it.
      stepUpUntil: current.stepUpUntil ?? null,
      memberId: current.memberId ?? null,
      personPhone: current.personPhone ?? null,
      idleMs: current.idleMs ?? null,
      device: current.device,
    });
    return { ...openedOf(successor), refreshToken };
  }

  /**
   * The live session a token rotated into a moment ago. Should the successor itself have rotated meanwhile (a third
   * refresh came first), the chain is followed a few steps to its live end. A successor that was revoked (logout,
   * reuse) or cannot be found ends the answer with a 401 and revokes nothing more.
   */
  private async successorOf(
    em: EntityManager,
    rotated: UserSession,
    presented: string,
    now: Date,
  ): Promise<OpenedSession | undefined> {
    let token = presented;
    for (let step = 0; step < MAX_SUCCESSOR_STEPS; step += 1) {
      token = successorRefreshToken(this.refreshKey, token);
      const row = await em.findOne(UserSessionEntity, {
        refreshTokenHash: refreshTokenHash(token),
        familyId: rotated.familyId,
      });
      if (!row) return undefined;
      if (!row.isRevoked) {
        if (row.expiresAt.getTime() <= now.getTime()) return undefined;
        return { ...openedOf(row), refreshToken: token };
      }
      if (row.revokedReason !== 'rotated') return undefined;
    }
    return undefined;
  }

  /** Ends the sign-in a refresh token belongs to (its whole family); unknown tokens are ignored. */
  async revokeByRefreshToken(audience: Audience, refreshToken: string, reason: string): Promise<void> {
    const em = this.database.em();
    const session = await em.findOne(UserSessionEntity, { refreshTokenHash: refreshTokenHash(refreshToken), audience });
    if (session) await this.revokeFamily(session, reason);
  }

  /** Ends the sign-in of one session id (an access token's `sid`), e.g. the logout of an admin's visit. */
  async revokeBySessionId(sessionId: string, reason: string): Promise<void> {
    const session = await this.database.em().findOne(UserSessionEntity, { id: sessionId });
    if (session) await this.revokeFamily(session, reason);
  }

  /**
   * Ends one sign-in (its family id, as the sessions list names it) of this user; false when the user has no such
   * live sign-in, so nobody can end, or learn of, another account's sessions.
   */
  async revokeSignIn(options: { audience: Audience; userId: string; familyId: string }): Promise<boolean> {
    const { audience, userId, familyId } = options;
    const ended = await this.database
      .em()
      .nativeUpdate(
        UserSessionEntity,
        { familyId, userId, audience, isRevoked: false },
        { isRevoked: true, revokedAt: new Date(), revokedReason: 'ended_by_owner' },
      );
    if (ended > 0) this.endings.announce({ audience, kind: 'sign-in', familyId });
    return ended > 0;
  }

  /**
   * Ends every sign-in of the user but the one of `keepSessionId`; answers how many sign-ins ended. The owner's own:
   * the team's people and screens are ended one by one from the team list.
   */
  async revokeOtherSignIns(options: { audience: Audience; userId: string; keepSessionId: string }): Promise<number> {
    const { audience, userId, keepSessionId } = options;
    const rows = await query<{ family_id: string }>(
      this.database.em(),
      `update user_sessions set is_revoked = true, revoked_at = now(), revoked_reason = 'ended_by_owner'
        where user_id = ? and audience = ? and not is_revoked and member_id is null
          and family_id <> (select family_id from user_sessions where id = ?)
        returning family_id`,
      [userId, audience, keepSessionId],
    );
    const families = new Set(rows.map((row) => row.family_id));
    for (const familyId of families) this.endings.announce({ audience, kind: 'sign-in', familyId });
    return families.size;
  }

  /**
   * Ends every sign-in of one team member of a business (removed, role changed, screen revoked: issue 31); their
   * sockets close at once. Answers how many sign-ins ended.
   */
  async revokeMember(options: { businessPhone: string; memberId: string; reason: string }): Promise<number> {
    const rows = await query<{ family_id: string }>(
      this.database.em(),
      `update user_sessions set is_revoked = true, revoked_at = now(), revoked_reason = ?
        where user_id = ? and audience = 'owner' and member_id = ? and not is_revoked
        returning family_id`,
      [options.reason, options.businessPhone, options.memberId],
    );
    const families = new Set(rows.map((row) => row.family_id));
    for (const familyId of families) this.endings.announce({ audience: 'owner', kind: 'sign-in', familyId });
    return families.size;
  }

  /** A business's new idle time for its people's sign-ins, open ones included (not its screens', which never idle). */
  async setMembersIdleMs(businessPhone: string, idleMs: number): Promise<void> {
    await query(
      this.database.em(),
      `update user_sessions set idle_ms = ?
        where user_id = ? and audience = 'owner' and member_id is not null and not device and not is_revoked`,
      [idleMs, businessPhone],
    );
  }

  /** The open session behind an access token, with whom it is for (switch-business reads the person's phone). */
  async openSession(sessionId: string): Promise<UserSession | undefined> {
    const row = await this.database.em().findOne(UserSessionEntity, { id: sessionId, isRevoked: false });
    return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
  }

  /**
   * Signs a user out everywhere, e.g. when an administrator closes a business. Access tokens stop working at once:
   * the guards check the session on every request.
   */
  async revokeAllSessions(userId: string, reason: string, audience: Audience = 'owner'): Promise<number> {
    const ended = await this.database
      .em()
      .nativeUpdate(
        UserSessionEntity,
        { userId, audience, isRevoked: false },
        { isRevoked: true, revokedAt: new Date(), revokedReason: reason },
      );
    // Announced even when no row was live: a socket may outlive its session's row (it expired), never the account.
    this.endings.announce({ audience, kind: 'user', userId });
    return ended;
  }

  async isActive(session: { audience: Audience; userId: string; sessionId: string }): Promise<boolean> {
    return (await this.signInOf(session)) !== undefined;
  }

  async signInOf({ audience, userId, sessionId }: { audience: Audience; userId: string; sessionId: string }) {
    // One indexed lookup per request; for owners it also tells whether the business still exists and is not closed.
    const rows = await query<{ family_id: string }>(
      this.database.em(),
      audience === 'owner'
        ? `select s.family_id from user_sessions s join businesses b on b.phone = s.user_id
            where s.id = ? and s.user_id = ? and s.audience = 'owner' and not s.is_revoked and s.expires_at > now()
              and b.closed_at is null`
        : `select s.family_id from user_sessions s
            where s.id = ? and s.user_id = ? and s.audience = 'admin' and not s.is_revoked and s.expires_at > now()`,
      [sessionId, userId],
    );
    return rows[0]?.family_id;
  }

  private async revokeFamily(session: UserSession, reason: string): Promise<void> {
    await this.database
      .em()
      .nativeUpdate(
        UserSessionEntity,
        { familyId: session.familyId, isRevoked: false },
        { isRevoked: true, revokedAt: new Date(), revokedReason: reason },
      );
    this.endings.announce({ audience: session.audience as Audience, kind: 'sign-in', familyId: session.familyId });
  }
}

function openedOf(row: UserSession): Omit<OpenedSession, 'refreshToken'> {
  return {
    userId: row.userId,
    sessionId: row.id,
    expiresAt: row.expiresAt,
    memberId: row.memberId ?? null,
    personPhone: row.personPhone ?? null,
    device: row.device,
  };
}
