import { describe, expect, it } from '@jest/globals';
import { businessDecider, type BusinessState } from './business.decider.js';
import { BusinessClosedError } from './business.errors.js';
import type { BusinessEvent } from './business.events.js';

const now = '2026-11-29T10:00:00.000Z';
const phone = '+972547654321';
const registered: BusinessEvent = {
  type: 'BusinessRegistered',
  data: {
    phone,
    departmentId: 'AbCdEfGhIjKlMnOp',
    fullName: 'דנה כהן',
    businessName: 'קפה הגפן',
    email: 'dana@example.com',
    idNumber: '000000018',
    receiptPhone: null,
    bankName: 'לאומי',
    branch: '800',
    accountNumber: '123456',
    beneficiaryName: 'דנה כהן',
    cardcom: { enabled: false, terminalNumber: null, apiName: null },
    registeredAt: now,
  },
};
const chosen = (address: string | null, previousAddress: string | null, shareLine: string | null = null) =>
  ({ type: 'MenuAddressChosen', data: { phone, address, previousAddress, shareLine, changedAt: now } }) as const;
const choose = (address: string | null, shareLine: string | null = null) =>
  ({ type: 'ChooseMenuAddress', data: { address, shareLine, now } }) as const;
const stateOf = (events: BusinessEvent[]): BusinessState =>
  events.reduce(businessDecider.evolve, businessDecider.initialState());

describe('choosing the readable menu address (issue 33)', () => {
  it('records the address with the one it replaces', () => {
    expect(businessDecider.decide(choose('cafe-hagefen'), stateOf([registered]))).toEqual([
      chosen('cafe-hagefen', null),
    ]);
    expect(
      businessDecider.decide(choose('hagefen-tlv', 'ליד הים'), stateOf([registered, chosen('cafe-hagefen', null)])),
    ).toEqual([chosen('hagefen-tlv', 'cafe-hagefen', 'ליד הים')]);
  });

  it('records nothing for the same address and line again, or for none before any', () => {
    expect(businessDecider.decide(choose(null), stateOf([registered]))).toEqual([]);
    expect(businessDecider.decide(choose('cafe-hagefen'), stateOf([registered, chosen('cafe-hagefen', null)]))).toEqual(
      [],
    );
  });

  it('refuses a closed business', () => {
    const closed: BusinessEvent = {
      type: 'BusinessClosed',
      data: { phone, adminPhone: '+972542222222', ip: null, at: now },
    };
    expect(() => businessDecider.decide(choose('cafe-hagefen'), stateOf([registered, closed]))).toThrow(
      BusinessClosedError,
    );
  });
});
