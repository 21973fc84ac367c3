import type { Metrics } from '../../platform/metrics/metrics.js';
import type { PaymentProvider } from './payment-provider.port.js';

/** The provider's calls that reach it (every method of the port but its two plain properties). */
const OPERATIONS = [
  'openPaymentPage',
  'getResult',
  'refund',
  'createCreditDocument',
  'openHoldPage',
  'getHoldResult',
  'chargeHold',
] as const;

/**
 * The configured provider, with each call counted by operation and outcome: `ok` (answered), `refused` (answered
 * with a refusal: a failed payment, refund or charge) or `error` (unreachable, timed out, an error answer). A provider
 * that starts failing shows on the dashboard as `error`s, while diners' declined cards stay `refused`.
 *
 * A plain object with the provider's properties copied, so a test may still replace a method or the name on what
 * the port hands out.
 */
export function countedPaymentProvider(provider: PaymentProvider, metrics: Metrics): PaymentProvider {
  const calls = metrics.counter({
    name: 'tafrit_payment_provider_calls_total',
    help: "Calls to the payment provider, by provider, operation and outcome ('ok', 'refused' or 'error')",
    labelNames: ['provider', 'operation', 'outcome'],
  });
  const counted = { name: provider.name, refundsIdempotent: provider.refundsIdempotent } as PaymentProvider;
  for (const operation of OPERATIONS) {
    const call = provider[operation] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (!call) continue;
    const count = (outcome: 'ok' | 'refused' | 'error') => calls.inc({ provider: provider.name, operation, outcome });
    Object.assign(counted, {
      async [operation](...args: unknown[]): Promise<unknown> {
        try {
          const answer = await call.apply(provider, args);
          count((answer as { status?: unknown } | undefined)?.status === 'failed' ? 'refused' : 'ok');
          return answer;
        } catch (error) {
          count('error');
          throw error;
        }
      },
    });
  }
  return counted;
}
