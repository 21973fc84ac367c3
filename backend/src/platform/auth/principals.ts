import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

export type Audience = 'owner' | 'admin';

/** The signed-in owner of a request, set by `OwnerGuard`. */
export interface OwnerPrincipal {
  /** The business phone (E.164): the account's identifier. */
  phone: string;
  sessionId: string;
  /** The administrator's phone when an admin opened this session (impersonation); otherwise undefined. */
  impersonatedBy: string | undefined;
}

/** The signed-in administrator of a request, set by `AdminGuard`. */
export interface AdminPrincipal {
  phone: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    owner?: OwnerPrincipal;
    admin?: AdminPrincipal;
  }
}

/** `@CurrentOwner() owner: OwnerPrincipal` in a handler behind `OwnerGuard`. */
export const CurrentOwner = createParamDecorator((_data: unknown, context: ExecutionContext): OwnerPrincipal => {
  const owner = context.switchToHttp().getRequest<FastifyRequest>().owner;
  // Only reachable when a route forgot its guard: fail loudly rather than act for nobody.
  if (!owner) throw new Error('CurrentOwner used on a route without OwnerGuard');
  return owner;
});

/** `@CurrentAdmin() admin: AdminPrincipal` in a handler behind `AdminGuard`. */
export const CurrentAdmin = createParamDecorator((_data: unknown, context: ExecutionContext): AdminPrincipal => {
  const admin = context.switchToHttp().getRequest<FastifyRequest>().admin;
  if (!admin) throw new Error('CurrentAdmin used on a route without AdminGuard');
  return admin;
});

/** The actor recorded in event metadata: an admin acting inside a business is the admin, not the owner. */
export function actorOf(owner: OwnerPrincipal): { kind: 'owner' | 'admin'; id: string } {
  return owner.impersonatedBy ? { kind: 'admin', id: owner.impersonatedBy } : { kind: 'owner', id: owner.phone };
}

/** Who asked and which request this was: the metadata every event of an owner's command carries. */
export function commandContextOf(owner: OwnerPrincipal, request: { id: string }) {
  return { actor: actorOf(owner), correlationId: request.id };
}
