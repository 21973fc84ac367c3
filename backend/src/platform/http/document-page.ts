import type { FastifyReply } from 'fastify';

/**
 * A document opened by a link whose token is a credential (an order's invoice, a credit document, a platform
 * invoice): the address is kept out of Referer headers, caches and search engines.
 */
export function keepLinkPrivate(reply: FastifyReply): void {
  void reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex, nofollow');
}

/** Sends a printable page with its status. */
export async function sendPage(reply: FastifyReply, status: number, html: string): Promise<void> {
  await reply.status(status).header('content-type', 'text/html; charset=utf-8').send(html);
}
