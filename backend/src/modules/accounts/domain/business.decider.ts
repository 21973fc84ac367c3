import type { Decider } from '../../../platform/event-store/aggregate.js';
import { BusinessAlreadyRegisteredError } from './business.errors.js';
import type { BusinessEvent, BusinessRegistered } from './business.events.js';

export type BusinessState =
  | { status: 'unregistered' }
  | { status: 'active' | 'paused' | 'closed'; phone: string; departmentId: string; email: string };

/** Registration data as it arrives in the command: validated and normalised by the contract schema already. */
export type RegisterBusiness = {
  type: 'RegisterBusiness';
  data: Omit<BusinessRegistered['data'], 'registeredAt'> & { now: string };
};

export type BusinessCommand = RegisterBusiness;

export const businessDecider: Decider<BusinessCommand, BusinessEvent, BusinessState> = {
  initialState: () => ({ status: 'unregistered' }),

  decide(command, state) {
    switch (command.type) {
      case 'RegisterBusiness': {
        if (state.status !== 'unregistered') throw new BusinessAlreadyRegisteredError(state.phone);
        const { now, ...details } = command.data;
        return [{ type: 'BusinessRegistered', data: { ...details, registeredAt: now } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'BusinessRegistered':
        return {
          status: 'active',
          phone: event.data.phone,
          departmentId: event.data.departmentId,
          email: event.data.email,
        };
    }
  },
};
