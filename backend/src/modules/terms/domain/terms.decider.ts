import type { TermsChangedData } from '@tafrit/contracts';
import type { Decider } from '../../../platform/event-store/aggregate.js';

/** The `terms` stream's one event: a saved version of the whole text. */
export interface TermsChanged {
  type: 'TermsChanged';
  data: TermsChangedData;
}
export type TermsEvent = TermsChanged;

/** Saves a version of the terms; validated by the contract's `termsInputSchema` before it gets here. */
export interface ChangeTerms {
  type: 'ChangeTerms';
  data: { content: string; adminPhone: string; ip: string | null; now: string };
}
/**
 * Writes the default terms (default-terms.ts) as the first version, only while there is none: a fresh installation
 * never shows "terms not defined", and an administrator's text is never replaced by the default.
 */
export interface PublishDefaultTerms {
  type: 'PublishDefaultTerms';
  data: { content: string; author: string; now: string };
}
export type TermsCommand = ChangeTerms | PublishDefaultTerms;

export interface TermsState {
  /** The text of the latest version; null before the first one. */
  content: string | null;
}

/**
 * Saving the text that is already current records nothing: a double click or a save without edits does not fill the
 * history with copies. Any change, even of white space, is a new version (the admin sees exactly what was saved).
 */
export const termsDecider: Decider<TermsCommand, TermsEvent, TermsState> = {
  initialState: () => ({ content: null }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'TermsChanged':
        return { content: event.data.content };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ChangeTerms': {
        const { content, adminPhone, ip, now } = command.data;
        if (content === state.content) return [];
        return [{ type: 'TermsChanged', data: { content, adminPhone, ip, at: now } }];
      }
      case 'PublishDefaultTerms': {
        if (state.content !== null) return [];
        const { content, author, now } = command.data;
        return [{ type: 'TermsChanged', data: { content, adminPhone: author, ip: null, at: now } }];
      }
    }
  },
};
