import type { Decider, DomainEvent } from '../../src/platform/event-store/aggregate.js';

type ErrorClass = abstract new (...args: never[]) => Error;

export interface DeciderThen<Event> {
  /** The command yields exactly these events, in this order. */
  then(expected: Event[]): void;
  /** The command is refused with this error class; `check` may look closer at the error. */
  thenThrows<E extends Error>(errorClass: abstract new (...args: never[]) => E, check?: (error: E) => void): void;
}

/**
 * `given(events).when(command).then(events)` over a decider, with no database and no clock (CONVENTIONS example 8):
 *
 *   const { given } = deciderSpec(orderDecider);
 *   it('a paid order cannot be paid again', () =>
 *     given([orderPlaced, orderPaid]).when(payOrder).thenThrows(OrderAlreadyPaid));
 */
export function deciderSpec<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return {
    given(events: Event[]) {
      return {
        when(command: Command): DeciderThen<Event> {
          const run = () =>
            decider.decide(
              command,
              events.reduce((state, event) => decider.evolve(state, event), decider.initialState()),
            );
          return {
            then(expected) {
              expect(run()).toEqual(expected);
            },
            thenThrows(errorClass: ErrorClass, check?: (error: never) => void) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(errorClass);
              check?.(thrown as never);
            },
          };
        },
      };
    },
  };
}
