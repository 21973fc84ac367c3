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
