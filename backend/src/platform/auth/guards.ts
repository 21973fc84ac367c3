import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.js';
import { AccessTokens } from './access-tokens.js';
import type { Audience } from './principals.js';
import { SESSION_DIRECTORY, type SessionDirectory } from './session-directory.port.js';

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
 * closed. Exposes the business phone to handlers through `@CurrentOwner()`.
 */
@Injectable()
export class OwnerGuard implements CanActivate {
  constructor(
    private readonly tokens: AccessTokens,
    @Inject(SESSION_DIRECTORY) private readonly sessions: SessionDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { request, claims } = await authenticate(context, 'owner', this.tokens, this.sessions);
    request.owner = { phone: claims.subject, sessionId: claims.sessionId, impersonatedBy: claims.impersonatedBy };
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
 * For routes open to several callers (a diner's session or the business's owner): the signed-in owner's business
 * phone when the request carries a valid owner token with an open session, else undefined. Never throws for a bad
 * token: the route simply treats the caller as anonymous.
 */
@Injectable()
export class OptionalOwner {
  constructor(
    private readonly tokens: AccessTokens,
    @Inject(SESSION_DIRECTORY) private readonly sessions: SessionDirectory,
  ) {}

  async phoneOf(request: FastifyRequest): Promise<string | undefined> {
    const token = bearerToken(request);
    const claims = token ? await this.tokens.verify(token, 'owner') : undefined;
    if (!claims) return undefined;
    const active = await this.sessions.isActive({
      audience: 'owner',
      userId: claims.subject,
      sessionId: claims.sessionId,
    });
    return active ? claims.subject : undefined;
  }
}
