import { TABLE_LIMITS, type BusinessTablesInput } from '@tafrit/contracts';
import type { Decider } from '../../../platform/event-store/aggregate.js';
import type { TablesEvent } from './tables.events.js';

export type TablesCommand =
  | { type: 'ChooseTables'; data: BusinessTablesInput & { now: string } }
  | { type: 'RenewTableKeys'; data: { now: string } };

export interface TablesState extends BusinessTablesInput {
  /** Part of every table's key: a renewal moves it, and every key made before stops opening the table. */
  generation: number;
  keysRenewedAt: string | null;
  chosen: boolean;
}

/** A café that never chose: every phone orders alone, with the contract's default times. */
export const TABLES_DEFAULTS: TablesState = {
  shared: false,
  numbers: [],
  idleMinutes: TABLE_LIMITS.idleMinutes.default,
  unpaidShareMinutes: TABLE_LIMITS.unpaidShareMinutes.default,
  payAtEnd: false,
  holdShekels: TABLE_LIMITS.holdShekels.default,
  tabIdleMinutes: TABLE_LIMITS.tabIdleMinutes.default,
  generation: 0,
  keysRenewedAt: null,
  chosen: false,
};

/** A choice recorded before pay at the end existed: off, with the contract's defaults. */
const TAB_DEFAULTS = {
  payAtEnd: false,
  holdShekels: TABLE_LIMITS.holdShekels.default,
  tabIdleMinutes: TABLE_LIMITS.tabIdleMinutes.default,
};

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((n, i) => n === b[i]);

/**
 * A café's tables (issue 34). Choosing the same settings again records nothing; a renewal always records the next
 * generation (the owner asked for new secrets, the posters of before must stop opening the shared cart).
 */
export const tablesDecider: Decider<TablesCommand, TablesEvent, TablesState> = {
  initialState: () => TABLES_DEFAULTS,
  evolve: (state, event) => {
    switch (event.type) {
      case 'TablesChosen': {
        const { shared, numbers, idleMinutes, unpaidShareMinutes } = event.data;
        const { payAtEnd, holdShekels, tabIdleMinutes } = { ...TAB_DEFAULTS, ...event.data };
        return {
          ...state,
          shared,
          numbers,
          idleMinutes,
          unpaidShareMinutes,
          payAtEnd,
          holdShekels,
          tabIdleMinutes,
          chosen: true,
        };
      }
      case 'TableKeysRenewed':
        return { ...state, generation: event.data.generation, keysRenewedAt: event.data.at };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ChooseTables': {
        const { shared, numbers, idleMinutes, unpaidShareMinutes, payAtEnd, holdShekels, tabIdleMinutes, now } =
          command.data;
        const sorted = [...numbers].sort((a, b) => a - b);
        if (
          state.chosen &&
          state.shared === shared &&
          same(state.numbers, sorted) &&
          state.idleMinutes === idleMinutes &&
          state.unpaidShareMinutes === unpaidShareMinutes &&
          state.payAtEnd === payAtEnd &&
          state.holdShekels === holdShekels &&
          state.tabIdleMinutes === tabIdleMinutes
        ) {
          return [];
        }
        const tab = { payAtEnd, holdShekels, tabIdleMinutes };
        return [
          { type: 'TablesChosen', data: { shared, numbers: sorted, idleMinutes, unpaidShareMinutes, ...tab, at: now } },
        ];
      }
      case 'RenewTableKeys':
        return [{ type: 'TableKeysRenewed', data: { generation: state.generation + 1, at: command.data.now } }];
    }
  },
};
