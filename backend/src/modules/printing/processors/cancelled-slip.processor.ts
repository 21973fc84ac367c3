import type { OrderEventData } from '@tafrit/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Processor } from '../../../platform/processing/processor.js';
import type { SlipDelivery } from '../application/slip-delivery.service.js';

export const CANCELLED_SLIP_PROCESSOR = 'cancelled-slip';

/**
 * A declined order, or one refunded whole, whose slip the kitchen already printed gets a short "בוטלה" slip (issue
 * 17). A reactor, like the slip dispatch: printing is a side effect, and the agent prints a slip id once, so the
 * decline and the refund that follows it (both of one order) print one slip. A replay of old events prints nothing.
 */
export function cancelledSlipProcessor({ delivery }: { delivery: SlipDelivery }): Processor {
  const handle = async (event: RecordedEvent) => {
    const data = event.data as OrderEventData['OrderDeclined'] | OrderEventData['OrderRefunded'];
    const declined = event.type === 'OrderDeclined';
    const at = 'declinedAt' in data ? data.declinedAt : data.refundedAt;
    await delivery.deliverCancelled(data.businessPhone, data.orderId, new Date(at), declined);
  };
  return {
    name: CANCELLED_SLIP_PROCESSOR,
    mode: 'reactor',
    handles: ['OrderDeclined', 'OrderRefunded'],
    handle,
  };
}
