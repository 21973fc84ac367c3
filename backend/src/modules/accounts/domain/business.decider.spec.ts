import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { businessDecider, type RegisterBusiness } from './business.decider.js';
import { BusinessAlreadyRegisteredError } from './business.errors.js';
import type { BusinessRegistered } from './business.events.js';

const { given } = deciderSpec(businessDecider);

const details = {
  phone: '+972547654321',
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
};

const register: RegisterBusiness = { type: 'RegisterBusiness', data: { ...details, now: '2026-11-21T08:00:00.000Z' } };
const registered: BusinessRegistered = {
  type: 'BusinessRegistered',
  data: { ...details, registeredAt: '2026-11-21T08:00:00.000Z' },
};

describe('the business aggregate', () => {
  it('a new phone registers a business with the time the command carries', () =>
    given([]).when(register).then([registered]));

  it('a phone that already has a business cannot register again', () =>
    given([registered])
      .when({ ...register, data: { ...register.data, email: 'other@example.co.il' } })
      .thenThrows(BusinessAlreadyRegisteredError, (error) => {
        expect(error.code).toBe('business.phone_taken');
        expect(error.phone).toBe('+972547654321');
      }));
});
