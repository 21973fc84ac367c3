import { ORDER_AHEAD_OFF, type OrderAheadSettings } from '@tafrit/contracts';
import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { BusinessClosedError, BusinessNotFoundError } from './business.errors.js';
import type { BusinessEvent } from './business.events.js';
import { orderAheadDecider, type ChooseOrderAhead } from './order-ahead.decider.js';

const { given } = deciderSpec(orderAheadDecider);
const phone = '+972547654321';
const at = '2026-11-30T08:00:00.000Z';
const registered: BusinessEvent = {
  type: 'BusinessRegistered',
  data: {
    phone,
    fullName: 'דנה כהן',
    businessName: 'קפה דנה',
    email: 'dana@example.co.il',
    idNumber: '515678902',
    bankName: '12',
    branch: '600',
    accountNumber: '123456',
    beneficiaryName: 'דנה כהן',
    departmentId: 'Xk3v9QpLm2RtYw8z',
    receiptPhone: null,
    cardcom: { enabled: false, terminalNumber: null, apiName: null },
    registeredAt: at,
  },
};
const settings: OrderAheadSettings = { ...ORDER_AHEAD_OFF, enabled: true, slotMinutes: 10, perSlot: 6 };
const choose = (chosen = settings): ChooseOrderAhead => ({
  type: 'ChooseOrderAhead',
  data: { settings: chosen, now: at },
});
const chosen: BusinessEvent = { type: 'OrderAheadChosen', data: { phone, settings, changedAt: at } };

describe('the owner’s order-ahead settings', () => {
  it('are recorded when chosen', () => given([registered]).when(choose()).then([chosen]));
  it('record nothing when saved again unchanged', () => given([registered, chosen]).when(choose()).then([]));
  it('record nothing for "off" before any choice', () => given([registered]).when(choose(ORDER_AHEAD_OFF)).then([]));
  it('cannot be chosen for a business that is not registered', () =>
    given([]).when(choose()).thenThrows(BusinessNotFoundError));
  it('cannot be chosen for a closed business', () =>
    given([registered, { type: 'BusinessClosed', data: { phone, adminPhone: '+972501234567', ip: null, at } }])
      .when(choose())
      .thenThrows(BusinessClosedError));
});
