// What an admin screen tells a person when a call fails (product spec §8).
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { isApiError } from '@/lib/api-client';
import { InvalidAdminResponseError } from './api';

/** The server's message, the client's message (network, invalid response), else "please try again later". */
export function errorDescription(error: unknown): string {
  if ((isApiError(error) || error instanceof InvalidAdminResponseError) && error.message.trim() !== '') {
    return error.message;
  }
  return uiMessagesHe.tryAgainLater;
}
