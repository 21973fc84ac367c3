// Latency at a fixed request rate, for one target or several measured in the same window. With several targets their
// requests are interleaved (hello, menu, hello, menu, ... each at the full rate, offset by a fraction of the interval),
// so at every moment both see the same machine: the same outside load, the same load generator; the machine as a
// whole then answers the rate times the number of targets. `interleave: false` gives the targets short slices in
// turn instead (each at the full rate during its slices, one target loaded at a time).
//
// Requests are sent on schedule whatever the answers do (open model) through an undici Pool of `connections`
// keep-alive connections per target, warmed first; a request's latency runs from its send to the end of its answer's
// body.
import { Pool } from 'undici';
import { percentile } from './order-path.mjs';

const round2 = (value) => (value === null ? null : Math.round(value * 100) / 100);

/**
 * `targets`: [{ name, url }] (absolute URLs). Each gets `rate` requests per second for `seconds` in all: interleaved,
 * the window lasts `seconds`; in slices of `sliceMs`, `seconds` times the number of targets. Returns, per name,
 * { requests, p50Ms, p99Ms, maxMs, errors } and the method.
 */
export async function fixedRate({
  targets,
  rate,
  seconds,
  sliceMs = 250,
  connections = 10,
  warmSeconds = 1,
  interleave = true,
}) {
  const perSlice = Math.max(1, Math.round((rate * sliceMs) / 1000));
  const slicesEach = Math.max(1, Math.round((seconds * 1000) / sliceMs));
  const interval = 1000 / rate;
  const runs = targets.map(({ name, url }) => {
    const { origin, pathname, search } = new URL(url);
    return {
      name,
      path: pathname + search,
      pool: new Pool(origin, { connections, pipelining: 1, headersTimeout: 10_000, bodyTimeout: 10_000 }),
      latencies: [],
      errors: 0,
    };
  });
  // The schedule: slice k belongs to target k modulo their number; its requests are `interval` apart.
  const total = slicesEach * targets.length * perSlice;
  const sendTime = (i) => {
    if (interleave) return Math.floor(i / runs.length) * interval + ((i % runs.length) * interval) / runs.length;
    const slice = Math.floor(i / perSlice);
    return slice * sliceMs + (i % perSlice) * interval;
  };
  const targetOf = (i) => runs[interleave ? i % runs.length : Math.floor(i / perSlice) % runs.length];
  const outstanding = new Set();
  const send = (run) => {
    const sent = performance.now();
    const request = run.pool
      .request({ method: 'GET', path: run.path, headers: { 'accept-encoding': 'br, gzip' } })
      .then(async (response) => {
        await response.body.dump({ limit: Infinity });
        run.latencies.push(performance.now() - sent);
        if (response.statusCode < 200 || response.statusCode >= 300) run.errors++;
      })
      .catch(() => run.errors++)
      .finally(() => outstanding.delete(request));
    outstanding.add(request);
  };

  const schedule = (count) => {
    const start = performance.now() + 10;
    let next = 0;
    return new Promise((done) => {
      const tick = () => {
        const elapsed = performance.now() - start;
        while (next < count && sendTime(next) <= elapsed) {
          send(targetOf(next));
          next++;
        }
        if (next < count) setTimeout(tick, Math.max(0, sendTime(next) - (performance.now() - start)));
        else done();
      };
      setTimeout(tick, 10);
    }).then(() => Promise.all(outstanding));
  };
  // Warming: the pools' connections opened and both sides' code paths hot at this rate; then forgotten.
  const warmSlices = Math.max(1, Math.round((warmSeconds * 1000) / sliceMs));
  await schedule(warmSlices * targets.length * perSlice);
  for (const run of runs) {
    run.latencies = [];
    run.errors = 0;
  }
  await schedule(total);
  await Promise.all(runs.map((run) => run.pool.close()));

  const result = {
    method:
      targets.length === 1
        ? `${rate} req/s, ${connections} connections, after ${warmSeconds} s of warming`
        : interleave
          ? `${targets.map((t) => t.name).join(' and ')} interleaved request by request, ${rate} req/s each, ` +
            `${connections} connections each, after ${warmSeconds} s of warming`
          : `${targets.map((t) => t.name).join(' and ')} in alternating ${sliceMs} ms slices, ${rate} req/s each ` +
            `during its slices, ${connections} connections each, after ${warmSeconds} s of warming`,
  };
  for (const run of runs) {
    const sorted = run.latencies.sort((a, b) => a - b);
    result[run.name] = {
      requests: sorted.length,
      p50Ms: round2(percentile(sorted, 50)),
      p99Ms: round2(percentile(sorted, 99)),
      maxMs: round2(sorted.at(-1) ?? null),
      errors: run.errors,
    };
  }
  return result;
}
