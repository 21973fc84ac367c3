import type { InvitableRole } from '@tafrit/contracts';

/** One stream per business: `team-{businessPhone}` (issue 31). */
export const teamStreamId = (businessPhone: string): string => `team-${businessPhone}`;

/** A person invited by their own phone, with a name and a role. `memberId` is their team id from now on. */
export interface TeamMemberInvited {
  type: 'TeamMemberInvited';
  data: { memberId: string; phone: string; name: string; role: InvitableRole; at: string };
}

/** A person's new role; their sign-ins ended with it. */
export interface TeamMemberRoleChanged {
  type: 'TeamMemberRoleChanged';
  data: { memberId: string; role: InvitableRole; at: string };
}

/** A person or a screen left the team; its sign-ins ended with it. The row stays, so old records keep their name. */
export interface TeamMemberRemoved {
  type: 'TeamMemberRemoved';
  data: { memberId: string; at: string };
}

/** A tablet entered a pairing code and became a kitchen screen of the business. */
export interface ScreenPaired {
  type: 'ScreenPaired';
  data: { memberId: string; name: string; at: string };
}

/** How long a person's sign-in may go unused before it ends. */
export interface TeamIdleTimeChosen {
  type: 'TeamIdleTimeChosen';
  data: { idleHours: number; at: string };
}

/** A person (or the owner: `owner`) chose a staff PIN. The PIN itself is never in the log (staff_pins holds its hash). */
export interface StaffPinChosen {
  type: 'StaffPinChosen';
  data: { memberId: string; at: string };
}

export type TeamEvent =
  TeamMemberInvited | TeamMemberRoleChanged | TeamMemberRemoved | ScreenPaired | TeamIdleTimeChosen | StaffPinChosen;

export const TEAM_EVENT_TYPES: readonly TeamEvent['type'][] = [
  'TeamMemberInvited',
  'TeamMemberRoleChanged',
  'TeamMemberRemoved',
  'ScreenPaired',
  'TeamIdleTimeChosen',
  'StaffPinChosen',
];
