import { failure } from '@tafrit/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Fastify's own refusals before any route runs (its `frameworkErrors` option): a path segment longer than
 * `maxParamLength` (414) or one that is not valid percent-encoding (400). Fastify answers them with a body of its own
 * in English; here they are the error envelope in Hebrew like every other refusal.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply
    .status(tooLong ? 414 : 400)
    .type('application/json; charset=utf-8')
    .send(failure({ code: tooLong ? 'request.uri_too_long' : 'validation.failed' }));
}
