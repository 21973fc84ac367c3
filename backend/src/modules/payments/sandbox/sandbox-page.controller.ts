import { Body, Controller, Get, Inject, Logger, Param, Post, Req, Res } from '@nestjs/common';
import { chooseDinerLanguage, type DinerLanguage } from '@tafrit/contracts/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { LocalOrigins } from '../../../platform/http/local-origins.js';
import { PaymentOrdersPort } from '../payment-orders.port.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.port.js';
import { renderBitPage, renderClosedPage, renderSandboxPage } from './sandbox-page.html.js';
import { SandboxPaymentProvider, type CardForm } from './sandbox-payment-provider.js';

const text = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 100) : '');

/**
 * The sandbox provider's hosted card page, `/pay/sandbox/{id}`, shown in the checkout's frame. After a card it goes
 * through ordering's `RecordPaymentResult` (PaymentOrdersPort), the path Cardcom's webhook takes, then sends the frame to the success address (the diner
 * app moves the top window there) or shows the decline with the form again.
 */
@Controller('pay/sandbox')
export class SandboxPageController {
  private readonly logger = new Logger('SandboxPage');
  private readonly origins: LocalOrigins;

  constructor(
    private readonly sandbox: SandboxPaymentProvider,
    private readonly orders: PaymentOrdersPort,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.origins = new LocalOrigins({ host: config.host, publicUrl: config.publicUrl, followRequest: true });
  }

  /** The diner's language: the cookie their pages set (the frame is ours, so it comes along), else the browser's. */
  private languageOf(request: FastifyRequest): DinerLanguage {
    const acceptLanguage = request.headers['accept-language'];
    return chooseDinerLanguage({ cookies: request.headers.cookie, acceptLanguage });
  }

  /** The return address on the address this page was opened at, so the diner lands where their cart and cookie are. */
  private successUrl(page: { successUrl: string }, request: FastifyRequest): string {
    return this.origins.rebase(page.successUrl, this.origins.originOf(request.headers.host, request.socket?.localPort));
  }

  @Get(':id')
  async show(@Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const page = this.provider.name === 'sandbox' ? await this.sandbox.page(id, this.factsOf(id)) : null;
    if (!page) return this.notFound(reply);
    if (page.status === 'paid')
      return this.html(
        reply,
        200,
        renderClosedPage(this.successUrl(page, request), this.languageOf(request), page.hold === true),
      );
    // Bit's page is opened in the whole window (Cardcom's UrlToBit), the card page in the checkout's frame.
    if (page.bit) return this.html(reply, 200, renderBitPage(page, this.languageOf(request)));
    this.html(reply, 200, renderSandboxPage({ page, language: this.languageOf(request) }));
  }

  @Post(':id')
  async pay(
    @Param('id') id: string,
    @Body() body: Record<string, unknown> | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (this.provider.name !== 'sandbox') return this.notFound(reply);
    const wallet = body?.wallet;
    if (wallet === 'google_pay' || wallet === 'bit') {
      const outcome = await this.sandbox.submitWallet(id, wallet, this.factsOf(id));
      if (outcome.status === 'paid') return this.settled(id, outcome.page, request, reply);
      const page = outcome.status === 'closed' ? await this.sandbox.page(id, this.factsOf(id)) : null;
      if (!page) return this.notFound(reply);
      return this.html(reply, 200, renderClosedPage(this.successUrl(page, request), this.languageOf(request)));
    }
    const form: CardForm = {
      name: text(body?.name),
      number: text(body?.number),
      expiry: text(body?.expiry),
      cvv: text(body?.cvv),
    };
    // The card is settled in the same statement that writes or finds the page; it is read apart only to draw a form.
    const outcome = await this.sandbox.submitCard(id, form, this.factsOf(id));
    if (outcome.status === 'unknown') return this.notFound(reply);
    if (outcome.status === 'invalid' || outcome.status === 'closed') {
      const page = await this.sandbox.page(id, this.factsOf(id));
      if (!page) return this.notFound(reply);
      if (outcome.status === 'closed')
        return this.html(
          reply,
          200,
          renderClosedPage(this.successUrl(page, request), this.languageOf(request), page.hold === true),
        );
      return this.html(
        reply,
        400,
        renderSandboxPage({ page, values: form, fields: outcome.fields, language: this.languageOf(request) }),
      );
    }
    const { page } = outcome;
    if (outcome.status === 'paid') return this.settled(id, page, request, reply);
    await this.record(id, request);
    this.html(
      reply,
      200,
      renderSandboxPage({
        page,
        values: { name: form.name },
        declined: outcome.reason,
        language: this.languageOf(request),
      }),
    );
  }

  /** A paid page: the order learns it, and the diner goes to the thank-you page (the frame, or Bit's whole window). */
  private async settled(
    id: string,
    page: { successUrl: string },
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    await this.record(id, request);
    void reply.status(303).header('location', this.successUrl(page, request)).send();
  }

  private async record(id: string, request: FastifyRequest): Promise<void> {
    try {
      // The same verification as a webhook: the order learns the result from the provider, not from this form. A hold
      // page (issue 34) goes the same way: the order that opened it asks the provider's getHoldResult.
      await this.orders.recordResult(id, request.id);
    } catch (error) {
      // The provider holds the result; the thank-you page asks again, as Cardcom would retry its webhook.
      this.logger.warn(`sandbox payment ${id} not recorded yet: ${error instanceof Error ? error.message : error}`);
    }
  }

  /** The page's facts from its order, for a page this process did not open (no row is written when a page opens). */
  private factsOf(id: string) {
    return () => this.orders.sandboxPageFacts(id);
  }

  private notFound(reply: FastifyReply): void {
    this.html(
      reply,
      404,
      '<!doctype html><html lang="he" dir="rtl"><title>דף התשלום לא נמצא</title><h1>דף התשלום לא נמצא</h1></html>',
    );
  }

  private html(reply: FastifyReply, status: number, body: string): void {
    void reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
  }
}
