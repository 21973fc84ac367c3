import { PassThrough } from 'node:stream';
import { failure } from '@tafrit/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface BodyDeadlines {
  /** How long a request's body may take to arrive (BODY_TIMEOUT_MS, 30 s by default). */
  bodyMs: number;
  /** The same for an upload, a multipart body (UPLOAD_BODY_TIMEOUT_MS, 120 s by default: a photo on a slow phone). */
  uploadMs: number;
}

/** The error a body that missed its deadline fails with: the exception filter answers it 408 `request.timeout`. */
export class BodyTimeoutError extends Error {
  readonly statusCode = 408;
  readonly code = 'request.timeout';
  constructor() {
    super('The request body did not arrive in time');
    this.name = 'BodyTimeoutError';
  }
}

const hasBody = (request: FastifyRequest): boolean =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

const isMultipart = (request: FastifyRequest): boolean =>
  String(request.headers['content-type'] ?? '').startsWith('multipart/');

/**
 * A request whose body has not arrived within its deadline is answered 408 and its socket closed. Node's own
 * `requestTimeout` (300 s) is far too long for this: a body sent a byte every ten seconds held a socket for 330 s, and
 * enough of them hold every socket the server has. Nothing is armed for a request without a body, or whose body was
 * already complete when its headers were read (most of them), so the usual request pays nothing.
 *
 * A body Fastify parses (JSON, forms) is read through a stream of ours, which the deadline fails: the parser's own
 * error path answers (with `connection: close`, so Node closes the socket after the answer). A multipart body is read
 * by its route while it runs, so the deadline answers it directly and closes the connection; the route's read then
 * fails on the closed socket and the exception filter, finding the answer sent, adds nothing.
 */
export function registerBodyDeadlines(fastify: FastifyInstance, deadlines: BodyDeadlines): void {
  fastify.addHook('preParsing', (request, reply, payload, done) => {
    if (request.raw.complete || !hasBody(request)) return done(null, payload);
    if (isMultipart(request)) {
      armUploadDeadline(request, reply, deadlines.uploadMs);
      return done(null, payload);
    }
    done(null, deadlineStream(request, reply, payload, deadlines.bodyMs));
  });
}

function deadlineStream(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: NodeJS.ReadableStream,
  ms: number,
): PassThrough {
  const body = new PassThrough();
  // The parser listens while it reads; once it has stopped (a body past the size limit, answered 413), an error of
  // this stream must not be one nobody listens to, which would end the process.
  body.on('error', () => undefined);
  const timer = setTimeout(() => {
    if (!request.raw.complete && !reply.sent) body.destroy(new BodyTimeoutError());
  }, ms);
  timer.unref();
  // Answered (or the connection gone): the deadline has nothing left to guard.
  reply.raw.once('close', () => clearTimeout(timer));
  body.once('close', () => {
    clearTimeout(timer);
    // Whatever still comes is read and dropped until Node closes the socket after the answer.
    payload.unpipe(body);
    payload.resume();
  });
  // The client's own abort reaches the parser as it would have without this stream (the filter keeps it quiet).
  payload.once('error', (error: Error) => body.destroy(error));
  payload.once('close', () => {
    if (!request.raw.complete && !body.destroyed) body.destroy(abortError());
  });
  payload.pipe(body);
  return body;
}

function armUploadDeadline(request: FastifyRequest, reply: FastifyReply, ms: number): void {
  const timer = setTimeout(() => {
    if (request.raw.complete || reply.sent) return;
    void reply
      .code(408)
      .header('connection', 'close')
      .type('application/json; charset=utf-8')
      .send(failure({ code: 'request.timeout' }));
  }, ms);
  timer.unref();
  request.raw.once('end', () => clearTimeout(timer));
  request.raw.once('close', () => clearTimeout(timer));
}

/** What Node raises for a request stream its client closed (ECONNRESET "aborted", no syscall). */
function abortError(): Error {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
}
