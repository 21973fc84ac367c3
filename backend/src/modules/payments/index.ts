// The payments module's front door: other modules import only from here.
export { PaymentsModule } from './payments.module.js';
export {
  PAYMENT_PROVIDER,
  PaymentProviderError,
  type OpenPaymentPageRequest,
  type PaymentProvider,
  type RefundResult,
  type CreditDocumentRequest,
  type ProviderPageLanguage,
  type TerminalChoice,
} from './payment-provider.port.js';
export { parseCardcomWebhookBody } from './cardcom/cardcom-webhook-body.js';
export { renderBitPage, renderClosedPage, renderSandboxPage } from './sandbox/sandbox-page.html.js';
export {
  SandboxPaymentProvider,
  sandboxPageFacts,
  type CardForm,
  type SandboxPageFacts,
} from './sandbox/sandbox-payment-provider.js';
