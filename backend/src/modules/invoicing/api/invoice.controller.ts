import type { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE } from '../../../platform/database/database.module.js';
import { Database } from '../../../platform/database/database.js';
import { OptionalOwner } from '../../../platform/auth/guards.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { keepLinkPrivate, sendPage } from '../../../platform/http/document-page.js';
import { InvoiceLinks } from '../application/invoice-links.js';
import { BusinessReader } from '../../accounts/index.js';
import { loadInvoice } from '../application/invoice-view.js';
import { loadCredit } from '../application/credit-view.js';
import { creditPage } from './credit-html.js';
import { invoicePage, notFoundPage, notIssuedPage } from './invoice-html.js';

// Order and refund ids are lower-case UUIDs (randomUUID), and the link's token is computed over exactly that text.
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// Only web addresses are followed: a provider's URL is data from outside.
const ABSOLUTE_URL = /^https?:\/\//i;

/**
 * `GET /api/invoice/{orderId}?token=...`: the order's tax invoice as a printable page (product-spec: "opened in a new
 * tab" from the thank-you page and the owner's report). Open to whoever holds the link's token (the diner), or to the
 * owner of the business with its bearer token. Everything else, an unknown order included, is the same 404 page, so
 * order ids cannot be probed. The 256-bit token makes guessing hopeless, so these 404s need no rate limit.
 */
@Controller('api/invoice')
export class InvoiceController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DATABASE) private readonly database: Database,
    private readonly links: InvoiceLinks,
    private readonly owners: OptionalOwner,
    private readonly businesses: BusinessReader,
  ) {}

  @Get(':orderId')
  async show(
    @Param('orderId') orderId: string,
    @Query('token') token: unknown,
    @Query('part') part: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    keepLinkPrivate(reply);
    // One payer's document of a shared bill (issue 34): `?part=` with that part's own token.
    const partId = typeof part === 'string' && ORDER_ID.test(part) ? part : undefined;
    const invoice =
      ORDER_ID.test(orderId) && (part === undefined || partId)
        ? await this.readable(request, orderId, token, (sources) => loadInvoice(sources, orderId, partId), partId)
        : undefined;
    if (!invoice) return sendPage(reply, 404, notFoundPage());
    const { view } = invoice;
    if (view.status !== 'issued') return sendPage(reply, 200, notIssuedPage(view));
    // The provider's own document lives at the provider: send the reader there.
    if (view.source === 'provider' && ABSOLUTE_URL.test(view.invoiceUrl)) {
      await reply.redirect(view.invoiceUrl, 302);
      return;
    }
    return sendPage(reply, 200, invoicePage(view));
  }

  /**
   * `GET /api/invoice/{orderId}/credits/{refundId}?token=...`: a refund's credit tax document, for the same readers
   * as the order's invoice (the order's link token, or its business's owner), the same 404 page for everyone else.
   */
  @Get(':orderId/credits/:refundId')
  async credit(
    @Param('orderId') orderId: string,
    @Param('refundId') refundId: string,
    @Query('token') token: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    keepLinkPrivate(reply);
    const credit =
      ORDER_ID.test(orderId) && ORDER_ID.test(refundId)
        ? await this.readable(request, orderId, token, (sources) => loadCredit(sources, orderId, refundId))
        : undefined;
    if (!credit) return sendPage(reply, 404, notFoundPage());
    // Cardcom's credit document lives at Cardcom, as its invoice does: send the reader there.
    if (credit.view.source === 'provider' && ABSOLUTE_URL.test(credit.view.creditUrl)) {
      await reply.redirect(credit.view.creditUrl, 302);
      return;
    }
    return sendPage(reply, 200, creditPage(credit.view));
  }

  /** The order's document when the caller may read it: by the link's token, or as the owner of its business. */
  private async readable<T extends { businessPhone: string }>(
    request: FastifyRequest,
    orderId: string,
    token: unknown,
    load: (sources: { store: EventStore; em: EntityManager; businesses: BusinessReader }) => Promise<T | undefined>,
    partId?: string,
  ): Promise<T | undefined> {
    const byLink = this.links.verify(orderId, token, partId);
    const document = await load({ store: this.store, em: this.database.em(), businesses: this.businesses });
    if (
      !document ||
      (!byLink && (await this.owners.phoneOf(request, 'reports.read', 'refunds')) !== document.businessPhone)
    )
      return undefined;
    return document;
  }
}
