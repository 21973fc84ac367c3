// The shared table's session as the first bundle sees it (types only: the code is in this folder's lazy chunk).
import type { DinerLanguage } from '@tafrit/contracts/languages';
import type { TableDinerColour, TableState } from '@tafrit/contracts/tables';
import type { CartStore } from '../cart';
import type { TablePlace } from './api';

export type TableStatus = 'joining' | 'joined' | 'invalid' | 'failed' | 'alone';

/** What the diner last tried that did not happen, said beside the table's cart. */
export type TableProblem = 'paying' | 'refused' | 'network' | null;

export interface TableView {
  status: TableStatus;
  state: TableState | null;
  problem: TableProblem;
  /** The server's own words for the last refusal (Hebrew), when it gave them. */
  problemMessage: string;
  /** The server's code for the last refusal (its words in the diner's language), when it gave one. */
  problemCode?: string | undefined;
  /** The table's socket is connected (changes of the others arrive live). */
  live: boolean;
}

export interface TableSession {
  readonly place: TablePlace;
  subscribe(listener: () => void): () => void;
  getView(): TableView;
  /** The reader's own lines, as the menu counts and changes them (each change becomes the table's requests). */
  readonly menuStore: CartStore;
  /** Every line of the table, for the checkout's order (one diner pays everything). */
  readonly tableStore: CartStore;
  /** "Just for me": the private cart of this phone, and back to the table. */
  setAlone(alone: boolean): void;
  /** The cart page's change of one of the reader's own lines (0 removes it). */
  changeLine(lineId: string, quantity: number): void;
  saveMe(me: { name: string; colour: TableDinerColour }): Promise<boolean>;
  saveNotes(notes: string): Promise<boolean>;
  /** Pay at the end (part 3): the lines not sent yet go to the kitchen as the next round; false when refused. */
  sendRound(): Promise<boolean>;
  /** The card hold's page to frame, or null when refused (the view then says why). */
  openHold(language: DinerLanguage): Promise<string | null>;
  /** The holder charges the held card for what is left; false when refused. */
  chargeTab(): Promise<boolean>;
  retry(): void;
  dispose(): void;
}
