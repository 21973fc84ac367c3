import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { commandContextOf } from '../auth/principals.js';

/** Who asked and which request this was: the metadata every event of an owner's command carries. */
export type OwnerCommandContext = ReturnType<typeof commandContextOf>;

/**
 * `@CommandContext() context: OwnerCommandContext` in a handler behind `OwnerGuard`: `commandContextOf` of the
 * signed-in owner (an administrator's visit is the administrator's act) and the request's id.
 */
export const CommandContext = createParamDecorator((_data: unknown, context: ExecutionContext): OwnerCommandContext => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  // Only reachable when a route forgot its guard: fail loudly rather than record an act by nobody.
  if (!request.owner) throw new Error('CommandContext used on a route without OwnerGuard');
  return commandContextOf(request.owner, request);
});
