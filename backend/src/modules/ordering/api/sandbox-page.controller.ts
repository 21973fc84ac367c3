import { Body, Controller, Get, Inject, Logger, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type CardForm,
  PAYMENT_PROVIDER,
  type PaymentProvider,
  renderClosedPage,
  renderSandboxPage,
  SandboxPaymentProvider,
} from '../../payments/index.js';
import { PaymentResults } from '../application/payment-results.service.js';

const text = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 100) : '');

/**
 * The sandbox provider's hosted card page, `/pay/sandbox/{id}`, shown in the checkout's frame. After a card it goes
 * through `PaymentResults`, the path Cardcom's webhook takes, then sends the frame to the success address (the diner
 * app moves the top window there) or shows the decline with the form again.
 */
@Controller('pay/sandbox')
export class SandboxPageController {
  private readonly logger = new Logger('SandboxPage');

  constructor(
    private readonly sandbox: SandboxPaymentProvider,
    private readonly results: PaymentResults,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  @Get(':id')
  async show(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const page = this.provider.name === 'sandbox' ? await this.sandbox.page(id) : null;
    if (!page) return this.notFound(reply);
    if (page.status === 'paid') return this.html(reply, 200, renderClosedPage(page.successUrl));
    this.html(reply, 200, renderSandboxPage({ page }));
  }

  @Post(':id')
  async pay(
    @Param('id') id: string,
    @Body() body: Record<string, unknown> | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const page = this.provider.name === 'sandbox' ? await this.sandbox.page(id) : null;
    if (!page) return this.notFound(reply);
    const form: CardForm = {
      name: text(body?.name),
      number: text(body?.number),
      expiry: text(body?.expiry),
      cvv: text(body?.cvv),
    };
    const outcome = await this.sandbox.submitCard(id, form);
    if (outcome.status === 'invalid') {
      return this.html(reply, 400, renderSandboxPage({ page, values: form, fields: outcome.fields }));
    }
    if (outcome.status === 'closed') return this.html(reply, 200, renderClosedPage(page.successUrl));
    try {
      // The same verification as a webhook: the order learns the result from the provider, not from this form.
      await this.results.verifyAndRecord(id, request.id);
    } catch (error) {
      // The provider holds the result; the thank-you page asks again, as Cardcom would retry its webhook.
      this.logger.warn(`sandbox payment ${id} not recorded yet: ${error instanceof Error ? error.message : error}`);
    }
    if (outcome.status === 'paid') {
      void reply.status(303).header('location', page.successUrl).send();
      return;
    }
    this.html(reply, 200, renderSandboxPage({ page, values: { name: form.name }, declined: outcome.reason }));
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
