import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { CardcomPaymentProvider } from './cardcom/cardcom-payment-provider.js';
import { PAYMENT_PROVIDER } from './payment-provider.port.js';
import { SandboxPaymentProvider } from './sandbox/sandbox-payment-provider.js';

/**
 * The configured payment provider behind one port (`PAYMENT_PROVIDER`): the built-in sandbox (the default, embedded)
 * or Cardcom REST API v11. The sandbox's records are kept even under Cardcom so old test pages still answer.
 */
@Global()
@Module({
  providers: [
    SandboxPaymentProvider,
    {
      provide: PAYMENT_PROVIDER,
      inject: [APP_CONFIG, SandboxPaymentProvider],
      useFactory: (config: AppConfig, sandbox: SandboxPaymentProvider) =>
        config.paymentProvider === 'cardcom' && config.cardcom ? new CardcomPaymentProvider(config.cardcom) : sandbox,
    },
  ],
  exports: [PAYMENT_PROVIDER, SandboxPaymentProvider],
})
export class PaymentsModule {}
