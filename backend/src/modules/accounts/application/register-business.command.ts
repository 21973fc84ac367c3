import type { EventActor } from '../../../platform/event-store/event-store.port.js';
import type { BusinessRegistered } from '../domain/business.events.js';

/** Registration details after the contract schema validated and normalised them (phone in E.164, e-mail lower case). */
export type RegisterBusinessInput = Omit<BusinessRegistered['data'], 'departmentId' | 'registeredAt'>;

export class RegisterBusinessCommand {
  constructor(
    readonly input: RegisterBusinessInput,
    readonly context: {
      actor: EventActor;
      correlationId: string;
      /** Only the demo seed picks its department id (`demo`); real ones are random. */
      departmentId?: string;
    },
  ) {}
}

export interface RegisterBusinessResult {
  phone: string;
  departmentId: string;
}
