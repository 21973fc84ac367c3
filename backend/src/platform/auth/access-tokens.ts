import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { isRole, type Role } from '@tafrit/contracts';
import { deriveKey } from './derive-key.js';
import type { Audience, MemberRef } from './principals.js';

/** Access tokens are short: a stolen one is worth 15 minutes, and the refresh cookie renews them silently. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** An administrator inside a business gets one hour and no refresh: a new visit needs a new, recorded opening. */
export const IMPERSONATION_TTL_SECONDS = 60 * 60;

const ISSUER = 'tafrit';

export interface AccessClaims {
  audience: Audience;
  /** The business phone (owner) or the administrator's phone (admin). */
  subject: string;
  sessionId: string;
  impersonatedBy: string | undefined;
  /** The role the session was opened with (issue 31); an owner token signed before roles existed is the owner's. */
  role: Role;
  /** The team member (a person or a screen) whose session this is; undefined for the business's owner. */
  member: MemberRef | undefined;
  expiresAt: Date;
}

interface Payload {
  sub: string;
  aud: string;
  sid: string;
  exp?: unknown;
  impersonatedBy?: string;
  rol?: unknown;
  mid?: unknown;
  mk?: unknown;
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Signs and checks the bearer tokens (HS256, @nestjs/jwt). The audience is part of the signature check: an admin
 * token is simply not a valid owner token, and the other way round.
 */
@Injectable()
export class AccessTokens {
  private readonly jwt: JwtService;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.jwt = new JwtService({
      secret: deriveKey(config.jwtSecret, 'access-tokens'),
      signOptions: { algorithm: 'HS256', issuer: ISSUER },
      verifyOptions: { algorithms: ['HS256'], issuer: ISSUER },
    });
  }

  async sign(claims: {
    audience: Audience;
    subject: string;
    sessionId: string;
    impersonatedBy?: string;
    role?: Role;
    member?: MemberRef;
    ttlSeconds?: number;
  }): Promise<string> {
    // The same rule verify() applies: a token it would refuse is a bug of the caller, not a token to hand out.
    const role = claims.role ?? 'owner';
    if ((claims.member === undefined) !== (role === 'owner') || (claims.audience === 'admin' && role !== 'owner')) {
      throw new Error(`an access token of role ${role} ${claims.member ? 'with' : 'without'} a team member`);
    }
    return this.jwt.signAsync(
      {
        sid: claims.sessionId,
        ...(claims.impersonatedBy ? { impersonatedBy: claims.impersonatedBy } : {}),
        ...(claims.role && claims.role !== 'owner' ? { rol: claims.role } : {}),
        ...(claims.member ? { mid: claims.member.id, mk: claims.member.kind } : {}),
      },
      { audience: claims.audience, subject: claims.subject, expiresIn: claims.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS },
    );
  }

  /** The claims of a valid, unexpired token of this audience; undefined for anything else. */
  async verify(token: string, audience: Audience): Promise<AccessClaims | undefined> {
    try {
      const payload = await this.jwt.verifyAsync<Payload>(token, { audience });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !SESSION_ID.test(payload.sid)) {
        return undefined;
      }
      // The JWT library accepts a token without `exp` as one that never expires. We never sign one; a token that
      // claims to live forever was made with a leaked key or by a bug, and must not open a session (issue 29).
      if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) return undefined;
      const member = memberOf(payload);
      const role = payload.rol === undefined ? 'owner' : payload.rol;
      // A member's token always names a role other than the owner's, and only a member's token names one; an
      // administrator's own token is nobody's team member.
      if (member === 'invalid' || !isRole(role) || (member === undefined) !== (role === 'owner')) return undefined;
      if (audience === 'admin' && member !== undefined) return undefined;
      return {
        audience,
        subject: payload.sub,
        sessionId: payload.sid,
        impersonatedBy: typeof payload.impersonatedBy === 'string' ? payload.impersonatedBy : undefined,
        role,
        member,
        expiresAt: new Date(payload.exp * 1000),
      };
    } catch {
      return undefined;
    }
  }
}

function memberOf(payload: Payload): MemberRef | undefined | 'invalid' {
  if (payload.mid === undefined && payload.mk === undefined) return undefined;
  if (typeof payload.mid !== 'string' || !SESSION_ID.test(payload.mid)) return 'invalid';
  if (payload.mk !== 'person' && payload.mk !== 'screen') return 'invalid';
  return { id: payload.mid, kind: payload.mk };
}
