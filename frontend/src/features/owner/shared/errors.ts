// What an owner screen tells a person when a call fails (product spec §8).
import { errorMessagesHe, messageFor, uiMessagesHe } from '@tafrit/contracts/messages.he';
import { isApiError } from '@/lib/api-client';
import { InvalidResponseError } from './api/responses';

/** The server's message, the client's message (network, invalid response), else "please try again". */
export function errorDescription(error: unknown): string {
  // A role's refusal reads the same on every screen, whatever sentence a proxy or an older server sent (issue 31).
  if (isApiError(error) && error.code === 'auth.role_forbidden') return messageFor(error.code);
  if ((isApiError(error) || error instanceof InvalidResponseError) && error.message.trim() !== '') return error.message;
  return uiMessagesHe.tryAgain;
}

/** Registration's toast text: the database outage has its own sentence, then as errorDescription. */
export function registrationErrorDescription(error: unknown): string {
  if (isApiError(error) && error.code === 'DATABASE_UNAVAILABLE') return errorMessagesHe.DATABASE_UNAVAILABLE;
  return errorDescription(error);
}

/** `{ fields: { name: message } }` of a 400, and the field a 409 is about: shown next to the fields. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  if (error.code === 'business.phone_taken') return { phone: error.message };
  if (error.code === 'business.email_taken') return { email: error.message };
  // An invitation's phone (issue 31): the business's own, or someone already in the team.
  if (error.code === 'team.own_phone' || error.code === 'team.already_member') return { phone: messageFor(error.code) };
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('fields' in body)) return {};
  const fields = body.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
