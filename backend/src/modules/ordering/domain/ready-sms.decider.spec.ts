import { describe, it } from '@jest/globals';
import type { OrderEvent } from '@tafrit/contracts';
import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { BUSINESS_PHONE, ORDER_ID, orderPaid, orderPlaced } from '../../../../test/support/order-events.js';
import { orderDecider, type OrderCommand } from './order.decider.js';
import { OrderInvalidTransitionError } from './order.errors.js';

// The ready SMS's part of the order (issue 18, decision 033): asked for once, sent or failed once, never too late.
const { given } = deciderSpec(orderDecider);
const orderId = ORDER_ID;
const businessPhone = BUSINESS_PHONE;
const T0 = '2026-11-28T10:00:00.000Z';
const T1 = '2026-11-28T10:05:00.000Z';
const T2 = '2026-11-28T10:20:00.000Z';

const placed = orderPlaced({ placedAt: T0 });
const paid = orderPaid({ paidAt: T1, approvalNumber: null, last4: null, brand: null });
const step = (type: 'OrderAccepted' | 'OrderReady' | 'OrderServed'): OrderEvent =>
  ({ type, data: { orderId, businessPhone, at: T1 } }) as OrderEvent;
const asked = (language: 'he' | 'ar' | 'en' | 'ru' = 'he'): OrderEvent => ({
  type: 'ReadySmsRequested',
  data: { orderId, businessPhone, language, requestedAt: T0 },
});
const request = (language: 'he' | 'ar' | 'en' | 'ru' = 'he'): OrderCommand => ({
  type: 'RequestReadySms',
  data: { language, now: T0 },
});
const sent: OrderEvent = { type: 'ReadySmsSent', data: { orderId, businessPhone, sentAt: T2 } };
const record: OrderCommand = { type: 'RecordReadySms', data: { now: T2 } };
const failure: OrderCommand = { type: 'RecordReadySmsFailure', data: { now: T2, reason: 'gateway refused' } };

describe('the ready SMS of an order', () => {
  it('is asked for with the diner’s language, the number never in the event', () => {
    given([placed])
      .when(request('ar'))
      .then([asked('ar')]);
    given([placed, paid, step('OrderAccepted')])
      .when(request())
      .then([asked()]);
  });

  it('asked again in the same language records nothing new; in another, the new language', () => {
    given([placed, asked()]).when(request()).then([]);
    given([placed, asked()])
      .when(request('ru'))
      .then([{ ...asked('ru') }]);
  });

  it('cannot be asked for once the order is ready, served, expired or cancelled', () => {
    given([placed, paid, step('OrderAccepted'), step('OrderReady')])
      .when(request())
      .thenThrows(OrderInvalidTransitionError);
    given([placed, { type: 'OrderExpired', data: { orderId, businessPhone, expiredAt: T1 } }])
      .when(request())
      .thenThrows(OrderInvalidTransitionError);
    given([placed, paid, { type: 'OrderDeclined', data: { orderId, businessPhone, reason: 'נגמר', declinedAt: T1 } }])
      .when(request())
      .thenThrows(OrderInvalidTransitionError);
  });

  it('is recorded as sent once, and only when it was asked for', () => {
    given([placed, paid, asked(), step('OrderAccepted'), step('OrderReady')])
      .when(record)
      .then([sent]);
    given([placed, paid, asked(), step('OrderAccepted'), step('OrderReady'), sent])
      .when(record)
      .then([]);
    given([placed, paid, step('OrderAccepted'), step('OrderReady')])
      .when(record)
      .then([]);
  });

  it('a failure is recorded once, never after it was sent, and no second SMS is asked for after either', () => {
    const failed: OrderEvent = {
      type: 'ReadySmsFailed',
      data: { orderId, businessPhone, reason: 'gateway refused', failedAt: T2 },
    };
    given([placed, paid, asked()]).when(failure).then([failed]);
    given([placed, paid, asked(), failed]).when(failure).then([]);
    given([placed, paid, asked(), sent]).when(failure).then([]);
    given([placed, paid, asked(), failed]).when(request('en')).then([]);
    given([placed, paid, asked(), sent]).when(request()).then([]);
  });
});
