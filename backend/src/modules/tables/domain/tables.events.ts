/** One stream per business: `tables-{businessPhone}` (issue 34): the café's tables and the generation of their keys. */
export const tablesStreamId = (businessPhone: string): string => `tables-${businessPhone}`;
export const TABLES_STREAM_PREFIX = 'tables-';

/** The owner's choice of tables: on or off, which numbers, and the shared cart's times. */
export interface TablesChosen {
  type: 'TablesChosen';
  data: {
    shared: boolean;
    numbers: number[];
    idleMinutes: number;
    unpaidShareMinutes: number;
    /** Pay at the end (part 3, decision 058; absent in events before it: off, with the contract's defaults). */
    payAtEnd?: boolean;
    holdShekels?: number;
    tabIdleMinutes?: number;
    at: string;
  };
}

/** New secrets for every table: the posters printed before order alone from now on. */
export interface TableKeysRenewed {
  type: 'TableKeysRenewed';
  data: { generation: number; at: string };
}

export type TablesEvent = TablesChosen | TableKeysRenewed;

export const TABLES_EVENT_TYPES: readonly TablesEvent['type'][] = ['TablesChosen', 'TableKeysRenewed'];
