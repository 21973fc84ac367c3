import type { AppConfig } from '../../../config/config.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { BusinessReader } from '../../accounts/index.js';
import type { CheckoutMenu } from './checkout-menu.reader.js';
import type { OpenPaymentPageRequest, ProviderPageLanguage, TerminalChoice } from '../../payments/index.js';
import type { PlacedOrder } from '../domain/order.decider.js';

/** The business's own Cardcom terminal when it set one up; otherwise the platform's (decision 005 §6). */
export function terminalOf(business: CheckoutMenu['business']): TerminalChoice {
  return business.cardcom
    ? { owner: 'business', credentials: business.cardcom }
    : { owner: 'platform', credentials: null };
}

/**
 * The terminal a page was opened on, as its row or hold recorded it: the platform's, or the business's own as it is
 * configured now (a terminal removed since answers the provider's failure, never a call on the wrong terminal).
 */
export async function terminalChoiceOf(
  businesses: Pick<BusinessReader, 'terminalOf'>,
  terminal: 'business' | 'platform',
  businessPhone: string,
): Promise<TerminalChoice> {
  if (terminal === 'platform') return { owner: 'platform', credentials: null };
  const credentials = await businesses.terminalOf(businessPhone);
  if (!credentials) {
    throw new AppError('payment.provider_failed', { message: 'the business terminal is no longer configured' });
  }
  return { owner: 'business', credentials };
}

/** Where a payment page of the department's order sends the diner back, and where the provider calls us. */
export function paymentPageAddresses(
  config: Pick<AppConfig, 'publicUrl'>,
  departmentId: string,
): Pick<OpenPaymentPageRequest, 'successUrl' | 'failedUrl' | 'webhookUrl'> {
  const base = config.publicUrl;
  const department = encodeURIComponent(departmentId);
  return {
    successUrl: `${base}/thank-you/${department}`,
    failedUrl: `${base}/checkout/${department}?payment=failed`,
    webhookUrl: `${base}/api/cardcom/webhook`,
  };
}

/** What the provider is asked for an order's payment page: its amount, lines, seller, buyer, terminal and addresses. */
export function paymentPageRequest(
  config: AppConfig,
  order: Pick<
    PlacedOrder,
    'orderId' | 'orderNumber' | 'totalAgorot' | 'tipAgorot' | 'lines' | 'departmentId' | 'invoiceFor'
  >,
  business: CheckoutMenu['business'],
  pageLanguage: ProviderPageLanguage = 'he',
  method: 'card' | 'bit' = 'card',
): OpenPaymentPageRequest {
  const terminal = terminalOf(business);
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    amountAgorot: order.totalAgorot,
    lines: order.lines,
    tipAgorot: order.tipAgorot ?? 0,
    method,
    googlePay: business.paymentOptions.googlePayEnabled,
    business: {
      phone: business.phone,
      businessName: business.businessName,
      idNumber: business.idNumber,
      email: business.email,
      departmentId: order.departmentId,
    },
    terminal,
    issueDocument: terminal.owner === 'business',
    // The provider's document (the business's own terminal) names the business the diner asked it for (issue 32).
    buyer: order.invoiceFor ?? null,
    ...paymentPageAddresses(config, order.departmentId),
    pageLanguage,
  };
}
