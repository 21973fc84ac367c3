import { defineEntity, p } from '@mikro-orm/core';

/** A refresh-token session. `familyId` ties the rotations of one sign-in together for reuse detection. */
export const UserSessionEntity = defineEntity({
  name: 'UserSession',
  tableName: 'user_sessions',
  properties: {
    id: p.uuid().primary(),
    userId: p.string().length(64),
    audience: p.string().length(10).default('owner'),
    familyId: p.uuid(),
    refreshTokenHash: p.string().length(128).unique('user_sessions_refresh_token_hash_unique'),
    deviceFingerprint: p.string().length(128).nullable(),
    ipAddress: p.string().length(64).nullable(),
    userAgent: p.string().length(500).nullable(),
    impersonatedBy: p.string().length(64).nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    lastActive: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    expiresAt: p.datetime().columnType('timestamptz'),
    isRevoked: p.boolean().default(false),
    revokedAt: p.datetime().columnType('timestamptz').nullable(),
    revokedReason: p.string().length(100).nullable(),
    /** Until when this sign-in may make the sensitive changes (a fresh code; decision 036). Carried over on rotation. */
    stepUpUntil: p.datetime().columnType('timestamptz').nullable(),
    /** The team member (person or screen) the session is for; null for the owner (issue 31). */
    memberId: p.uuid().nullable(),
    /** A person's own phone, which received the code; null for the owner and for a screen. */
    personPhone: p.string().length(64).nullable(),
    /** How long the sign-in may go unused; null: SESSION_IDLE_MS (the owner's). */
    idleMs: p.integer().nullable(),
    /** A paired screen's credential: never rotated, never idle, until revoked. */
    device: p.boolean().default(false),
  },
});
export type UserSession = InstanceType<typeof UserSessionEntity.class>;
