// The payments module's front door: other modules import only from here.
export { PaymentsModule } from './payments.module.js';
export {
  PAYMENT_PROVIDER,
  PaymentProviderError,
  type OpenPaymentPageRequest,
  type OpenedPaymentPage,
  type PaymentProvider,
  type PaymentResult,
  type RefundRequest,
  type RefundResult,
  type CreditDocumentRequest,
  type CreditDocumentResult,
  type ProviderDocument,
  type ProviderPageLanguage,
  type TerminalChoice,
  type TerminalCredentials,
} from './payment-provider.port.js';
export { parseCardcomWebhookBody, type CardcomWebhookReference } from './cardcom/cardcom-webhook-body.js';
export {
  renderBitPage,
  renderClosedPage,
  renderSandboxPage,
  type SandboxPageView,
} from './sandbox/sandbox-page.html.js';
export {
  SandboxPaymentProvider,
  sandboxPageFacts,
  type CardForm,
  type CardOutcome,
  type SandboxPage,
  type SandboxPageFacts,
} from './sandbox/sandbox-payment-provider.js';
