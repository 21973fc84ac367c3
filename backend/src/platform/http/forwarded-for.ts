import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The longest textual IP address (an IPv4-mapped IPv6 address). */
const LONGEST_ADDRESS = 45;

const isAddress = (entry: string): boolean => entry.length <= LONGEST_ADDRESS && isIP(entry) !== 0;

/**
 * Behind a trusted proxy (TRUST_PROXY), `X-Forwarded-For` names the client, and Fastify takes its entry as the
 * request's address whatever it holds. Entries that are no IP address are dropped before anything reads it, so the
 * address is a real one or the next hop's: sessions and audits store it (a 64-character column, where 80 characters
 * of text answered 500 at sign-in, refresh and impersonation), and rate limits key on it (invented text would be a
 * fresh key per request). A header of plain addresses, the usual case, is left as it is.
 */
export function registerForwardedForGuard(fastify: FastifyInstance, trustProxy: boolean | string): void {
  if (trustProxy === false) return;
  fastify.addHook('onRequest', (request, _reply, done) => {
    const header = request.raw.headers['x-forwarded-for'];
    if (typeof header === 'string') {
      const entries = header.split(',').map((entry) => entry.trim());
      if (!entries.every(isAddress)) {
        const kept = entries.filter(isAddress);
        if (kept.length > 0) request.raw.headers['x-forwarded-for'] = kept.join(', ');
        else delete request.raw.headers['x-forwarded-for'];
      }
    }
    done();
  });
}
