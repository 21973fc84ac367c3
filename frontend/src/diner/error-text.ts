// The words of the diner's errors (the cart's and the checkout's): Hebrew from the shared catalogue (contracts'
// messages.he, the very text the server's envelopes carry), another language's from its pack. Apart from strings.ts:
// they load with the steps' code, not with the menu's first paint.
import { messageFor, serverErrorHe, uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useLanguage } from './language';

export interface ErrorStrings {
  /** The text of an error code from the wire; an unknown code reads as a polite error. */
  message(code: string | null | undefined): string;
  server(status: number): string;
  paymentCreate: string;
  paymentSystem: string;
  /** Whether the server's own text (Hebrew, in the envelope) may be shown as it is: in Hebrew only. */
  serverTextReadable: boolean;
}

export const heErrors: ErrorStrings = {
  message: messageFor,
  server: serverErrorHe,
  paymentCreate: uiMessagesHe.paymentCreateError,
  paymentSystem: uiMessagesHe.paymentSystemError,
  serverTextReadable: true,
};

export const useErrorText = (): ErrorStrings => useLanguage().pack?.errors ?? heErrors;
