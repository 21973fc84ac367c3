import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { Metrics } from '../../platform/metrics/metrics.js';
import { CardcomPaymentProvider } from './cardcom/cardcom-payment-provider.js';
import { CardcomWebhookController } from './cardcom/cardcom-webhook.controller.js';
import { countedPaymentProvider } from './counted-payment-provider.js';
import { PaymentOrdersPort } from './payment-orders.port.js';
import { PAYMENT_PROVIDER } from './payment-provider.port.js';
import { SandboxPageController } from './sandbox/sandbox-page.controller.js';
import { SandboxPaymentProvider } from './sandbox/sandbox-payment-provider.js';

/**
 * The configured payment provider behind one port (`PAYMENT_PROVIDER`): the built-in sandbox (the default, embedded)
 * or Cardcom REST API v11. The sandbox's records are kept even under Cardcom so old test pages still answer. Cardcom's
 * webhook and the sandbox's card page are payments' too; they reach the orders through `PaymentOrdersPort`, which the
 * ordering module connects (ordering uses payments, so payments does not import ordering).
 */
@Global()
@Module({
  controllers: [CardcomWebhookController, SandboxPageController],
  providers: [
    PaymentOrdersPort,
    SandboxPaymentProvider,
    {
      provide: PAYMENT_PROVIDER,
      inject: [APP_CONFIG, SandboxPaymentProvider, Metrics],
      useFactory: (config: AppConfig, sandbox: SandboxPaymentProvider, metrics: Metrics) =>
        countedPaymentProvider(
          config.paymentProvider === 'cardcom' && config.cardcom ? new CardcomPaymentProvider(config.cardcom) : sandbox,
          metrics,
        ),
    },
  ],
  exports: [PAYMENT_PROVIDER, SandboxPaymentProvider, PaymentOrdersPort],
})
export class PaymentsModule {}
