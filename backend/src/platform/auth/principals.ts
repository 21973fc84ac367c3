import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Actor, Role } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';

export type Audience = 'owner' | 'admin';

/** A team member a session belongs to (issue 31): a person the owner invited, or a paired kitchen screen. */
export interface MemberRef {
  kind: 'person' | 'screen';
  /** The member's team id (a UUID). */
  id: string;
}

/**
 * Who signed in to a business, set by `OwnerGuard`: the owner (the business's phone), a team member or a paired screen,
 * with the role the guard checked the route's permission against.
 */
export interface OwnerPrincipal {
  /** The business phone (E.164): the account's identifier and every query's tenant, whoever signed in. */
  phone: string;
  sessionId: string;
  /** The administrator's phone when an admin opened this session (impersonation); otherwise undefined. */
  impersonatedBy: string | undefined;
  role: Role;
  /** Undefined for the owner. */
  member: MemberRef | undefined;
  /**
   * A staff PIN typed on this (screen's) session for this one request: the act is that person's, with their role.
   * `role` above is then already theirs.
   */
  actingFor?: { memberId: string; role: Role };
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

/**
 * The actor recorded in event metadata: an admin acting inside a business is the admin, not the owner; a member is
 * named by team id and role, never by phone; a PIN typed on a screen makes the act the person's, on that screen.
 */
export function actorOf(owner: OwnerPrincipal): Actor & { kind: 'owner' | 'admin' | 'member' | 'screen'; id: string } {
  if (owner.impersonatedBy) return { kind: 'admin', id: owner.impersonatedBy };
  if (owner.actingFor) {
    const acting =
      owner.actingFor.memberId === 'owner'
        ? { kind: 'owner' as const, id: owner.phone, role: owner.actingFor.role }
        : { kind: 'member' as const, id: owner.actingFor.memberId, role: owner.actingFor.role };
    return owner.member ? { ...acting, screenId: owner.member.id } : acting;
  }
  if (!owner.member) return { kind: 'owner', id: owner.phone };
  return { kind: owner.member.kind === 'screen' ? 'screen' : 'member', id: owner.member.id, role: owner.role };
}

/** Who asked and which request this was: the metadata every event of an owner's command carries. */
export function commandContextOf(owner: OwnerPrincipal, request: { id: string }) {
  return { actor: actorOf(owner), correlationId: request.id };
}
