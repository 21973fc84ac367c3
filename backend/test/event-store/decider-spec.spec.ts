import type { Decider } from '../../src/platform/event-store/aggregate.js';
import { deciderSpec } from '../support/decider-spec.js';

// A toy aggregate: a counter that can be incremented up to a limit and reset.
type CounterCommand = { type: 'Increment'; by: number } | { type: 'Reset' };
type CounterEvent = { type: 'Incremented'; data: { by: number } } | { type: 'WasReset'; data: Record<string, never> };
type CounterState = { value: number };

class CounterLimitReached extends Error {
  constructor(readonly value: number) {
    super(`the counter is at ${value}`);
  }
}

const LIMIT = 10;

const counter: Decider<CounterCommand, CounterEvent, CounterState> = {
  initialState: () => ({ value: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'Incremented':
        return { value: state.value + event.data.by };
      case 'WasReset':
        return { value: 0 };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Increment':
        if (state.value + command.by > LIMIT) throw new CounterLimitReached(state.value);
        return [{ type: 'Incremented', data: { by: command.by } }];
      case 'Reset':
        return state.value === 0 ? [] : [{ type: 'WasReset', data: {} }];
    }
  },
};

const { given } = deciderSpec(counter);
const incremented = (by: number): CounterEvent => ({ type: 'Incremented', data: { by } });

describe('decider specification', () => {
  it('a new counter can be incremented', () => {
    given([])
      .when({ type: 'Increment', by: 2 })
      .then([incremented(2)]);
  });

  it('a counter folds its history before deciding', () => {
    given([incremented(4), incremented(5)])
      .when({ type: 'Increment', by: 1 })
      .then([incremented(1)]);
  });

  it('a counter refuses to pass its limit', () => {
    given([incremented(4), incremented(5)])
      .when({ type: 'Increment', by: 2 })
      .thenThrows(CounterLimitReached, (error) => expect(error.value).toBe(9));
  });

  it('resetting a counter at zero changes nothing', () => {
    given([incremented(3), { type: 'WasReset', data: {} }])
      .when({ type: 'Reset' })
      .then([]);
  });

  it('fails a specification whose expected events are wrong', () => {
    expect(() =>
      given([])
        .when({ type: 'Increment', by: 1 })
        .then([incremented(2)]),
    ).toThrow();
  });

  it('fails a specification that expects an error the decider does not throw', () => {
    expect(() => given([]).when({ type: 'Increment', by: 1 }).thenThrows(CounterLimitReached)).toThrow();
  });
});
