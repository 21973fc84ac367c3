import type { FastifyRequest } from 'fastify';

/**
 * Whether a request failed because its client went away in the middle of it (a phone losing signal during an upload
 * or the card form, or anyone on purpose): Node's `ECONNRESET` "aborted" of the request stream (it has no `syscall`,
 * unlike a socket error of the database driver), the multipart parser's premature close, or a request stream that
 * ended before its body did. Nothing of the server's failed and nobody is left to answer.
 */
export function isClientAbort(error: unknown, request: FastifyRequest): boolean {
  const { code, message, syscall } = (error ?? {}) as { code?: unknown; message?: unknown; syscall?: unknown };
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
  if (code === 'ECONNRESET' && message === 'aborted' && syscall === undefined) return true;
  return request.raw.destroyed && !request.raw.complete;
}
