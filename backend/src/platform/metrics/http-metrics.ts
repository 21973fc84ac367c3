import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';

/**
 * The label of a request no route matched (the single-page app's pages, unknown addresses): one fixed value, so
 * addresses a client makes up cannot grow the set of series without end.
 */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Request durations by the route's template (`/api/orders/:orderId/refunds`), never the address asked: an address
 * carries ids, and one series per order would overwhelm Prometheus. Counted when the answer is sent (Fastify's
 * `onResponse`), with the time Fastify measured from the request's arrival. A callback hook, not an async one: it
 * runs on every answer.
 *
 * The cached public menu answered in front of Fastify (decision 012) never reaches this hook: those answers are
 * counted by `tafrit_http_fast_path_answers_total` instead.
 */
export function registerRequestDurations(fastify: FastifyInstance, metrics: Metrics): void {
  const durations = metrics.histogram({
    name: 'tafrit_http_request_duration_seconds',
    help: "Time from a request's arrival to its answer, by method, route template and status code",
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    durations.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1_000,
    );
    done();
  });
}

/** The answers of the fast path, read from its own tally when Prometheus asks (nothing is added to its hot path). */
export function countFastPathAnswers(fastPath: { readonly answered: number }, metrics: Metrics): void {
  metrics.counter({
    name: 'tafrit_http_fast_path_answers_total',
    help: 'Answers given in front of Fastify (the cached public menu, decision 012)',
    collect() {
      this.reset();
      this.inc(fastPath.answered);
    },
  });
}
