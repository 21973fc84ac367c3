// The café's team (issue 31): the list of people and screens, invitations, roles, pairing codes, staff PINs and the
// choice of business. Each call has its fetcher, its query options or its mutation hook (CONVENTIONS.md example 10).
import {
  devicePairedSchema,
  pinPeopleAnswerSchema,
  screenPairingCodeSchema,
  staffPinGrantSchema,
  teamAnswerSchema,
  type ChangeMemberRoleRequest,
  type InviteMemberRequest,
  type PairDeviceRequest,
  type PinPeopleAnswer,
  type ScreenPairingCode,
  type StaffPinGrant,
  type StaffPinGrantRequest,
  type TeamAnswer,
} from '@tafrit/contracts/http/team.schemas';
import { ownerSessionSchema, type OwnerSession } from '@tafrit/contracts/http/sign-in.schemas';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dataOf } from './responses';
import { ownerRequest, staffGrant } from './session-request';

export const TEAM_URL = '/api/team';

export async function getTeam(signal?: AbortSignal): Promise<TeamAnswer> {
  return dataOf(teamAnswerSchema, await ownerRequest('GET', TEAM_URL, undefined, { signal }));
}

export const teamQueryOptions = queryOptions({
  queryKey: [TEAM_URL],
  queryFn: ({ signal }) => getTeam(signal),
});

/** After any change to the team: the list is read again (roles, sign-ins, last activity). */
function useTeamChange<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryOptions.queryKey }),
  });
}

/** POST /api/team: the person gets an SMS with the sign-in page's address. */
export async function inviteMember(person: InviteMemberRequest): Promise<void> {
  await ownerRequest('POST', TEAM_URL, person);
}
export const useInviteMember = () => useTeamChange(inviteMember);

/** PATCH /api/team/{id}: the person's sign-ins end at once; the next one has the new role. */
export async function changeMemberRole({ id, role }: ChangeMemberRoleRequest & { id: string }): Promise<void> {
  await ownerRequest('PATCH', `${TEAM_URL}/${encodeURIComponent(id)}`, { role });
}
export const useChangeMemberRole = () => useTeamChange(changeMemberRole);

/** DELETE /api/team/{id}: removes a person or revokes a screen; its sign-ins and sockets end at once. */
export async function removeMember(id: string): Promise<void> {
  await ownerRequest('DELETE', `${TEAM_URL}/${encodeURIComponent(id)}`);
}
export const useRemoveMember = () => useTeamChange(removeMember);

/** DELETE /api/auth/sessions/{id}: one sign-in of anyone in the business. */
export async function endTeamSignIn(id: string): Promise<void> {
  await ownerRequest('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`);
}
export const useEndTeamSignIn = () => useTeamChange(endTeamSignIn);

/** PUT /api/team/settings: how long a person's sign-in lives unused. */
export async function chooseIdleHours(idleHours: number): Promise<void> {
  await ownerRequest('PUT', `${TEAM_URL}/settings`, { idleHours });
}
export const useChooseIdleHours = () => useTeamChange(chooseIdleHours);

/** POST /api/team/pairing-codes: a single-use code for a kitchen screen (the owner's or a manager's). */
export async function createScreenPairingCode(): Promise<ScreenPairingCode> {
  return dataOf(screenPairingCodeSchema, await ownerRequest('POST', `${TEAM_URL}/pairing-codes`));
}

/** XXXX-XXXX, the way the code is read aloud and typed. */
export function pairingCodeText(code: string): string {
  const plain = code.replace(/[\s-]/g, '').toUpperCase();
  return plain.length === 8 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain;
}

/**
 * POST /api/devices/pair, then the first refresh: the pairing sets the screen's refresh cookie, and the refresh trades
 * it for the session (the business, the screen as member, an access token), as after any restart of the tablet.
 */
export async function pairScreen(request: PairDeviceRequest): Promise<OwnerSession> {
  dataOf(devicePairedSchema, await apiRequest('POST', '/api/devices/pair', request));
  return dataOf(ownerSessionSchema, await apiRequest('POST', '/api/auth/refresh', { audience: 'owner' }));
}

/** POST /api/auth/switch-business: the sign-in moves to another business of this phone. */
export async function switchBusiness(id: string): Promise<OwnerSession> {
  return dataOf(ownerSessionSchema, await ownerRequest('POST', '/api/auth/switch-business', { id }));
}

/** PUT /api/team/me/pin: the signed-in person's own staff PIN. */
export async function setMyPin(pin: string): Promise<void> {
  await ownerRequest('PUT', `${TEAM_URL}/me/pin`, { pin });
}

export async function getPinPeople(signal?: AbortSignal): Promise<PinPeopleAnswer['people']> {
  return dataOf(pinPeopleAnswerSchema, await ownerRequest('GET', `${TEAM_URL}/pin-people`, undefined, { signal }))
    .people;
}

export const pinPeopleQueryOptions = queryOptions({
  queryKey: [`${TEAM_URL}/pin-people`],
  queryFn: ({ signal }) => getPinPeople(signal),
});

/** POST /api/team/pin-grants, from a paired screen: a right PIN answers the grant for the next action. */
export async function createPinGrant(request: StaffPinGrantRequest): Promise<StaffPinGrant> {
  // A grant still waiting would ride on this call and be refused: a new PIN replaces it.
  staffGrant.set(null);
  return dataOf(staffPinGrantSchema, await ownerRequest('POST', `${TEAM_URL}/pin-grants`, request));
}
