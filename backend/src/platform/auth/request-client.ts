import type { FastifyRequest } from 'fastify';

/** Where a request came from, as sessions record it (for the owner's "where am I signed in" and for audits). */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null };
}
