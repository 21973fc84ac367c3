// The owner's step-up and signed-in devices (decision 036): a fresh code before a sensitive change, the list of the
// business's sign-ins and the ways to end them.
import {
  ownerSessionsAnswerSchema,
  sessionsEndedSchema,
  stepUpGrantedSchema,
  stepUpSentSchema,
  type OwnerSessionItem,
} from '@tafrit/contracts/http/step-up.schemas';
import { queryOptions } from '@tanstack/react-query';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const STEP_UP_URL = '/api/auth/step-up';
export const SIGN_INS_URL = '/api/auth/sessions';

/** POST /api/auth/step-up: a code goes to the business's phone. */
export async function sendStepUpCode(): Promise<void> {
  dataOf(stepUpSentSchema, await ownerRequest('POST', STEP_UP_URL));
}

/** POST /api/auth/step-up/verify: this sign-in may make the sensitive changes until the answer's time. */
export async function verifyStepUpCode(code: string): Promise<string> {
  return dataOf(stepUpGrantedSchema, await ownerRequest('POST', `${STEP_UP_URL}/verify`, { code })).validUntil;
}

export async function getSignIns(signal?: AbortSignal): Promise<OwnerSessionItem[]> {
  return dataOf(ownerSessionsAnswerSchema, await ownerRequest('GET', SIGN_INS_URL, undefined, { signal })).sessions;
}

export const signInsQueryOptions = queryOptions({
  queryKey: [SIGN_INS_URL],
  queryFn: ({ signal }) => getSignIns(signal),
});

/** DELETE /api/auth/sessions/{id}: ends one sign-in of the business (its sockets close at once). */
export async function endSignIn(id: string): Promise<void> {
  dataOf(sessionsEndedSchema, await ownerRequest('DELETE', `${SIGN_INS_URL}/${encodeURIComponent(id)}`));
}

/** POST /api/auth/sessions/sign-out-others: ends every sign-in but this one; answers how many ended. */
export async function endOtherSignIns(): Promise<number> {
  return dataOf(sessionsEndedSchema, await ownerRequest('POST', `${SIGN_INS_URL}/sign-out-others`)).signedOut;
}
