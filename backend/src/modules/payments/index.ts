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
  type OpenHoldPageRequest,
  type HoldResult,
  type ChargeHoldRequest,
  HoldChargeRefused,
} from './payment-provider.port.js';
// The port ordering implements for payments' webhook and sandbox page (payments does not import ordering).
export { PaymentOrdersPort, type PaymentOrders, type RecordedPaymentOutcome } from './payment-orders.port.js';
export { sandboxHoldPageFacts, sandboxPageFacts, type SandboxPageFacts } from './sandbox/sandbox-payment-provider.js';
