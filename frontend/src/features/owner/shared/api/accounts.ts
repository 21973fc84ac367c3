// Registration, sign-in and the terms: the calls made before (or while leaving) a business session.
import type { RegisterBusinessRequest } from '@tafrit/contracts/http/accounts.schemas';
import type { OwnerSession } from '@tafrit/contracts/http/sign-in.schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dataOf } from './responses';

// The session's schema is loaded with the answer, not with the sign-in and registration pages (the forms load theirs
// when touched): no schema is built before those pages can take input (issue 15).
const sessionSchema = async () => (await import('@tafrit/contracts/http/sign-in.schemas')).ownerSessionSchema;

export async function registerBusiness(body: RegisterBusinessRequest): Promise<OwnerSession> {
  const answer = await apiRequest('POST', '/api/register', body);
  return dataOf(await sessionSchema(), answer);
}

/** Answers the same for a phone without an account: the screen must not tell who is registered. */
export async function sendOwnerCode(phone: string): Promise<void> {
  await apiRequest('POST', '/api/send-otp', { phone });
}

export async function verifyOwnerCode(phone: string, code: string): Promise<OwnerSession> {
  const answer = await apiRequest('POST', '/api/verify-otp', { phone, code });
  return dataOf(await sessionSchema(), answer);
}

/** Ends the session on the server (revokes the refresh cookie). Failure does not keep anyone signed in here. */
export async function logoutOwner(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout', { audience: 'owner' }).catch(() => undefined);
}

export async function getTerms(signal?: AbortSignal): Promise<string> {
  const response = await apiRequest<{ data?: { content?: unknown } }>('GET', '/api/terms', undefined, { signal });
  const content = response?.data?.content;
  return typeof content === 'string' ? content : '';
}

export const termsQueryOptions = queryOptions({
  queryKey: ['/api/terms'],
  queryFn: ({ signal }) => getTerms(signal),
});
