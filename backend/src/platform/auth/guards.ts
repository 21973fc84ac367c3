import { type CanActivate, type ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Permission as PermissionName, roleMay, STAFF_GRANT_HEADER } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.js';
import { AccessTokens } from './access-tokens.js';
import { permissionOf } from './permission.js';
import type { Audience, OwnerPrincipal } from './principals.js';
import { SESSION_DIRECTORY, type SessionDirectory } from './session-directory.port.js';
import { TEAM_DIRECTORY, type TeamDirectory } from './team-directory.port.js';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** Checks the bearer token of one audience and its session; every refusal is the same 401 envelope. */
async function authenticate(
  context: ExecutionContext,
  audience: Audience,
  tokens: AccessTokens,
  sessions: SessionDirectory,
) {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const token = bearerToken(request);
  const claims = token ? await tokens.verify(token, audience) : undefined;
  if (!claims) throw new AppError('auth.unauthenticated');
  const active = await sessions.isActive({ audience, userId: claims.subject, sessionId: claims.sessionId });
  if (!active) throw new AppError('auth.unauthenticated');
  return { request, claims };
}

/**
 * Owner routes: a valid owner token (never an admin one) whose session is open and whose business exists and is not
 * closed, opened by the owner, a team member or a paired screen, whose role includes the route's `@Permission`
 * (403 `auth.role_forbidden` otherwise, before any pipe reads the body: nothing changes). A screen's request may carry
 * a staff PIN grant (`x-staff-grant`): that one request is the person's, with their role. Exposes the principal to
 * handlers through `@CurrentOwner()`.
 */
@Injectable()
export class OwnerGuard implements CanActivate {
  constructor(
    private readonly tokens: AccessTokens,
    @Inject(SESSION_DIRECTORY) private readonly sessions: SessionDirectory,
    private readonly reflector: Reflector,
    @Optional() @Inject(TEAM_DIRECTORY) private readonly team?: TeamDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { request, claims } = await authenticate(context, 'owner', this.tokens, this.sessions);
    const owner: OwnerPrincipal = {
      phone: claims.subject,
      sessionId: claims.sessionId,
      impersonatedBy: claims.impersonatedBy,
      role: claims.role,
      member: claims.member,
    };
    const grant = request.headers[STAFF_GRANT_HEADER];
    if (typeof grant === 'string' && grant !== '' && owner.member?.kind === 'screen' && this.team) {
      const acting = await this.team.useGrant(owner.phone, owner.member.id, grant);
      if (!acting) throw new AppError('auth.unauthenticated');
      owner.actingFor = acting;
      owner.role = acting.role;
    }
    request.owner = owner;
    // Deny by default: the app refuses to start with such a route (permission.ts), so this is only a second lock.
    const permission = permissionOf(this.reflector, context.getHandler(), context.getClass());
    if (!permission || !roleMay(owner.role, permission)) throw new AppError('auth.role_forbidden');
    return true;
  }
}

/** `/api/admin/*` routes: a valid admin token (never an owner one, impersonated or not) with an open session. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly tokens: AccessTokens,
    @Inject(SESSION_DIRECTORY) private readonly sessions: SessionDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { request, claims } = await authenticate(context, 'admin', this.tokens, this.sessions);
    request.admin = { phone: claims.subject, sessionId: claims.sessionId };
    return true;
  }
}

/**
 * For routes open to several callers (a diner's session or the business's owner): the signed-in business's phone
 * when the request carries a valid owner token with an open session whose role has one of the permissions, else
 * undefined. Never throws for a bad
 * token: the route simply treats the caller as anonymous.
 */
@Injectable()
export class OptionalOwner {
  constructor(
    private readonly tokens: AccessTokens,
    @Inject(SESSION_DIRECTORY) private readonly sessions: SessionDirectory,
  ) {}

  async phoneOf(request: FastifyRequest, ...permissions: PermissionName[]): Promise<string | undefined> {
    const token = bearerToken(request);
    const claims = token ? await this.tokens.verify(token, 'owner') : undefined;
    // A team member reads for the business only with one of the route's permissions (the kitchen reads an order, the
    // accountant a tax document); anyone else is treated as a visitor without a token.
    if (!claims || !permissions.some((permission) => roleMay(claims.role, permission))) return undefined;
    const active = await this.sessions.isActive({
      audience: 'owner',
      userId: claims.subject,
      sessionId: claims.sessionId,
    });
    return active ? claims.subject : undefined;
  }
}
