import { failure } from '@tafrit/contracts';
import type { FastifyError, FastifyReply } from 'fastify';

/**
 * Fastify's own refusals before any route runs (its `frameworkErrors` option): a path segment longer than
 * `maxParamLength` (414) or one that is not valid percent-encoding (400). Fastify answers them with a body of its own
 * in English; here they are the error envelope in Hebrew like every other refusal.
 */
export function answerFrameworkError(
  error: FastifyError,
  reply: FastifyReply,
  securityHeaders: Record<string, string>,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  // No route ran, so neither did the hook that sets the security headers: they are set here.
  void reply
    .headers(securityHeaders)
    .status(tooLong ? 414 : 400)
    .type('application/json; charset=utf-8')
    .send(failure({ code: tooLong ? 'request.uri_too_long' : 'validation.failed' }));
}
