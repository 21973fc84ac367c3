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

/** The server's Hebrew message for one field of a 400 (`fields: { [field]: message }`), if it named that field. */
export function fieldErrorOf(error: unknown, field: string): string | undefined {
  if (!isApiError(error)) return undefined;
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('fields' in body)) return undefined;
  const fields = body.fields;
  if (typeof fields !== 'object' || fields === null || !(field in fields)) return undefined;
  const message: unknown = (fields as Record<string, unknown>)[field];
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}
