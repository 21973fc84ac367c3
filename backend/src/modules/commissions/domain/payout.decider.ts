import type { PayoutEvent, PayoutEventData } from '@tafrit/contracts';
import type { Decider } from '../../../platform/event-store/aggregate.js';

/** A month's payout batch: none yet, created (the transfer list is fixed), or transferred by the bank. */
export interface PayoutState {
  status: 'none' | 'created' | 'transferred';
  created: PayoutEventData['PayoutBatchCreated'] | null;
  transferredAt: string | null;
}

export type PayoutCommand =
  | { type: 'CreatePayoutBatch'; data: PayoutEventData['PayoutBatchCreated'] }
  | { type: 'MarkPayoutTransferred'; data: PayoutEventData['PayoutBatchTransferred'] };

/** The month already has its batch: creating it again would pay everyone twice. */
export class PayoutBatchAlreadyCreated extends Error {
  constructor(readonly month: string) {
    super(`the payout batch of ${month} was already created`);
    this.name = 'PayoutBatchAlreadyCreated';
  }
}

/** Nothing to mark: the batch of the month has not been created. */
export class PayoutBatchNotCreated extends Error {
  constructor(readonly month: string) {
    super(`the payout batch of ${month} has not been created`);
    this.name = 'PayoutBatchNotCreated';
  }
}

export class PayoutBatchAlreadyTransferred extends Error {
  constructor(readonly month: string) {
    super(`the payout batch of ${month} was already marked transferred`);
    this.name = 'PayoutBatchAlreadyTransferred';
  }
}

/** Create once; mark transferred only after that, once. Time, admin and IP come in with the command. */
export const payoutDecider: Decider<PayoutCommand, PayoutEvent, PayoutState> = {
  initialState: () => ({ status: 'none', created: null, transferredAt: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'PayoutBatchCreated':
        return { ...state, status: 'created', created: event.data };
      case 'PayoutBatchTransferred':
        return { ...state, status: 'transferred', transferredAt: event.data.at };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreatePayoutBatch':
        if (state.status !== 'none') throw new PayoutBatchAlreadyCreated(command.data.month);
        return [{ type: 'PayoutBatchCreated', data: command.data }];
      case 'MarkPayoutTransferred':
        if (state.status === 'none') throw new PayoutBatchNotCreated(command.data.month);
        if (state.status === 'transferred') throw new PayoutBatchAlreadyTransferred(command.data.month);
        return [{ type: 'PayoutBatchTransferred', data: command.data }];
    }
  },
};

/** Folds a `payout-{month}` stream as read from the store (its only writer is this decider). */
export function foldPayout(events: readonly { type: string; data: unknown }[]): PayoutState {
  return events.reduce(
    (state, event) => payoutDecider.evolve(state, event as PayoutEvent),
    payoutDecider.initialState(),
  );
}
