import type { PayoutEvent, PayoutEventData } from '@tafrit/contracts';
import {
  PayoutBatchAlreadyCreated,
  PayoutBatchAlreadyTransferred,
  PayoutBatchNotCreated,
  payoutDecider,
} from '../../src/modules/commissions/domain/payout.decider.js';
import { deciderSpec } from '../support/decider-spec.js';

const { given } = deciderSpec(payoutDecider);

const created: PayoutEventData['PayoutBatchCreated'] = {
  month: '2026-10',
  dueDate: '2026-11-20',
  lines: [
    {
      businessId: '+972521234567',
      businessName: 'קפה תמר',
      netAgorot: 12_345,
      bankCode: '12',
      branch: '600',
      accountNumber: '123456',
      beneficiaryName: 'תמר לוי',
      beneficiaryIdNumber: '515678902',
    },
  ],
  totalAgorot: 12_345,
  adminPhone: '+972547654321',
  ip: '10.0.0.1',
  at: '2026-11-02T08:00:00.000Z',
};
const transferred: PayoutEventData['PayoutBatchTransferred'] = {
  month: '2026-10',
  adminPhone: '+972547654321',
  ip: '10.0.0.2',
  at: '2026-11-20T09:00:00.000Z',
};
const batchCreated: PayoutEvent = { type: 'PayoutBatchCreated', data: created };
const batchTransferred: PayoutEvent = { type: 'PayoutBatchTransferred', data: transferred };

describe('a month’s payout batch', () => {
  it('is created once, with its lines as given', () =>
    given([]).when({ type: 'CreatePayoutBatch', data: created }).then([batchCreated]));

  it('cannot be created twice: that would pay everyone again', () =>
    given([batchCreated]).when({ type: 'CreatePayoutBatch', data: created }).thenThrows(PayoutBatchAlreadyCreated));

  it('cannot be created again after it was transferred', () =>
    given([batchCreated, batchTransferred])
      .when({ type: 'CreatePayoutBatch', data: created })
      .thenThrows(PayoutBatchAlreadyCreated));

  it('is marked transferred after it was created', () =>
    given([batchCreated]).when({ type: 'MarkPayoutTransferred', data: transferred }).then([batchTransferred]));

  it('cannot be marked transferred before it exists', () =>
    given([]).when({ type: 'MarkPayoutTransferred', data: transferred }).thenThrows(PayoutBatchNotCreated));

  it('is marked transferred only once', () =>
    given([batchCreated, batchTransferred])
      .when({ type: 'MarkPayoutTransferred', data: transferred })
      .thenThrows(PayoutBatchAlreadyTransferred));
});
