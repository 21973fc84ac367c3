import { type InvitableRole, type Role, TEAM_LIMITS } from '@tafrit/contracts';
import type { Decider } from '../../../platform/event-store/aggregate.js';
import { TeamError } from './team.errors.js';
import type { TeamEvent } from './team.events.js';

export type TeamCommand =
  | {
      type: 'InviteMember';
      data: { memberId: string; businessPhone: string; phone: string; name: string; role: InvitableRole; now: string };
    }
  | { type: 'ChangeMemberRole'; data: { memberId: string; role: InvitableRole; now: string } }
  | { type: 'RemoveMember'; data: { memberId: string; now: string } }
  | { type: 'PairScreen'; data: { memberId: string; name: string; now: string } }
  | { type: 'ChooseIdleTime'; data: { idleHours: number; now: string } }
  | { type: 'RecordStaffPin'; data: { memberId: string; now: string } };

export interface TeamMemberState {
  kind: 'person' | 'screen';
  phone: string | null;
  role: Role;
  removed: boolean;
}

export interface TeamState {
  members: Readonly<Record<string, TeamMemberState>>;
  idleHours: number;
}

const present = (state: TeamState) => Object.entries(state.members).filter(([, member]) => !member.removed);

function presentMember(state: TeamState, memberId: string): TeamMemberState {
  const member = state.members[memberId];
  if (!member || member.removed) throw new TeamError('not_found', `no member ${memberId} in this team`);
  return member;
}

function withMember(state: TeamState, memberId: string, change: Partial<TeamMemberState>): TeamState {
  const member = state.members[memberId];
  if (!member) return state;
  return { ...state, members: { ...state.members, [memberId]: { ...member, ...change } } };
}

/**
 * A business's team (issue 31): people invited by phone with a role, kitchen screens paired by a code, the idle time
 * of people's sign-ins, who chose a staff PIN. The owner is the business's phone and never a member: inviting it is
 * refused; a removed person's phone may be invited again (a new team id).
 */
export const teamDecider: Decider<TeamCommand, TeamEvent, TeamState> = {
  initialState: () => ({ members: {}, idleHours: TEAM_LIMITS.idleHoursDefault }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'TeamMemberInvited': {
        const { memberId, phone, role } = event.data;
        return { ...state, members: { ...state.members, [memberId]: { kind: 'person', phone, role, removed: false } } };
      }
      case 'ScreenPaired':
        return {
          ...state,
          members: {
            ...state.members,
            [event.data.memberId]: { kind: 'screen', phone: null, role: 'kitchen', removed: false },
          },
        };
      case 'TeamMemberRoleChanged':
        return withMember(state, event.data.memberId, { role: event.data.role });
      case 'TeamMemberRemoved':
        return withMember(state, event.data.memberId, { removed: true });
      case 'TeamIdleTimeChosen':
        return { ...state, idleHours: event.data.idleHours };
      case 'StaffPinChosen':
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'InviteMember': {
        const { memberId, businessPhone, phone, name, role, now } = command.data;
        if (phone === businessPhone) throw new TeamError('team.own_phone', 'the business phone is the owner');
        if (present(state).some(([, member]) => member.phone === phone)) {
          throw new TeamError('team.already_member', 'this phone is already in the team');
        }
        if (present(state).length >= TEAM_LIMITS.membersMax) throw new TeamError('team.full', 'the team is full');
        return [{ type: 'TeamMemberInvited', data: { memberId, phone, name, role, at: now } }];
      }
      case 'ChangeMemberRole': {
        const { memberId, role, now } = command.data;
        const member = presentMember(state, memberId);
        // A screen is the kitchen's by definition: it has no role to change.
        if (member.kind === 'screen') throw new TeamError('not_found', 'a screen has no role to change');
        if (member.role === role) return [];
        return [{ type: 'TeamMemberRoleChanged', data: { memberId, role, at: now } }];
      }
      case 'RemoveMember': {
        const { memberId, now } = command.data;
        presentMember(state, memberId);
        return [{ type: 'TeamMemberRemoved', data: { memberId, at: now } }];
      }
      case 'PairScreen': {
        const { memberId, name, now } = command.data;
        if (present(state).length >= TEAM_LIMITS.membersMax) throw new TeamError('team.full', 'the team is full');
        return [{ type: 'ScreenPaired', data: { memberId, name, at: now } }];
      }
      case 'ChooseIdleTime': {
        const { idleHours, now } = command.data;
        if (idleHours === state.idleHours) return [];
        return [{ type: 'TeamIdleTimeChosen', data: { idleHours, at: now } }];
      }
      case 'RecordStaffPin': {
        const { memberId, now } = command.data;
        if (memberId !== 'owner') {
          const member = presentMember(state, memberId);
          if (member.kind === 'screen') throw new TeamError('not_found', 'a screen has no PIN of its own');
        }
        return [{ type: 'StaffPinChosen', data: { memberId, at: now } }];
      }
    }
  },
};
