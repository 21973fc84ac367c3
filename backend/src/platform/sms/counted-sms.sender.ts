import type { Metrics } from '../metrics/metrics.js';
import type { SmsMessage, SmsSender } from './sms.port.js';

/**
 * The configured gateway, with each message counted by its kind and outcome (`sent`: the gateway took it; `failed`:
 * it refused or could not be reached), so a gateway that starts refusing shows on the dashboard before owners call.
 */
export function countedSmsSender(sender: SmsSender, metrics: Metrics): SmsSender {
  const sent = metrics.counter({
    name: 'tafrit_sms_messages_total',
    help: "SMS messages handed to the gateway, by provider, kind and outcome ('sent' or 'failed')",
    labelNames: ['provider', 'kind', 'outcome'],
  });
  return {
    provider: sender.provider,
    async send(message: SmsMessage): Promise<void> {
      try {
        await sender.send(message);
        sent.inc({ provider: sender.provider, kind: message.kind, outcome: 'sent' });
      } catch (error) {
        sent.inc({ provider: sender.provider, kind: message.kind, outcome: 'failed' });
        throw error;
      }
    },
  };
}
