import { describe, expect, it } from '@jest/globals';
import { TEAM_LIMITS } from '@tafrit/contracts';
import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { type TeamCommand, teamDecider } from './team.decider.js';
import { TeamError } from './team.errors.js';
import type {
  ScreenPaired,
  StaffPinChosen,
  TeamIdleTimeChosen,
  TeamMemberInvited,
  TeamMemberRemoved,
  TeamMemberRoleChanged,
} from './team.events.js';

const { given } = deciderSpec(teamDecider);

const now = '2026-12-04T09:00:00.000Z';
const business = '+972541111111';
const dana = { id: '0b6f3c1e-5a5e-4c1f-9d61-3a1c1a2b3c01', phone: '+972542222222', name: 'דנה' };
const yossi = { id: '0b6f3c1e-5a5e-4c1f-9d61-3a1c1a2b3c02', phone: '+972543333333', name: 'יוסי' };
const screen = { id: '0b6f3c1e-5a5e-4c1f-9d61-3a1c1a2b3c03', name: 'מטבח' };

const invite = (
  person: { id: string; phone: string; name: string },
  role: 'manager' | 'kitchen' | 'accountant' = 'kitchen',
): TeamCommand => ({
  type: 'InviteMember',
  data: { memberId: person.id, businessPhone: business, phone: person.phone, name: person.name, role, now },
});
const invited = (
  person: { id: string; phone: string; name: string },
  role: 'manager' | 'kitchen' | 'accountant' = 'kitchen',
): TeamMemberInvited => ({
  type: 'TeamMemberInvited',
  data: { memberId: person.id, phone: person.phone, name: person.name, role, at: now },
});
const removed = (memberId: string): TeamMemberRemoved => ({ type: 'TeamMemberRemoved', data: { memberId, at: now } });
const roleChanged = (memberId: string, role: 'manager' | 'kitchen' | 'accountant'): TeamMemberRoleChanged => ({
  type: 'TeamMemberRoleChanged',
  data: { memberId, role, at: now },
});
const paired: ScreenPaired = { type: 'ScreenPaired', data: { memberId: screen.id, name: screen.name, at: now } };
const idleChosen = (idleHours: number): TeamIdleTimeChosen => ({
  type: 'TeamIdleTimeChosen',
  data: { idleHours, at: now },
});
const pinChosen = (memberId: string): StaffPinChosen => ({ type: 'StaffPinChosen', data: { memberId, at: now } });

const refusedWith = (code: TeamError['code']) => (error: TeamError) => expect(error.code).toBe(code);

/** `count` people invited with made-up ids and phones (a full team). */
const crowd = (count: number): TeamMemberInvited[] =>
  Array.from({ length: count }, (_, index) =>
    invited({
      id: `0b6f3c1e-5a5e-4c1f-9d61-${String(index).padStart(12, '0')}`,
      phone: `+97250${String(index).padStart(7, '0')}`,
      name: `עובד ${index}`,
    }),
  );

describe('inviting a person to the team', () => {
  it('a new phone joins with its name and role', () =>
    given([])
      .when(invite(dana, 'manager'))
      .then([invited(dana, 'manager')]));

  it("the business's own phone is refused: it is the owner", () =>
    given([])
      .when(invite({ ...dana, phone: business }))
      .thenThrows(TeamError, refusedWith('team.own_phone')));

  it('a phone already in the team is refused, whatever the role asked', () =>
    given([invited(dana, 'kitchen')])
      .when(invite({ ...dana, id: yossi.id }, 'manager'))
      .thenThrows(TeamError, refusedWith('team.already_member')));

  it("a removed person's phone may be invited again, under a new team id", () =>
    given([invited(dana), removed(dana.id)])
      .when(invite({ ...dana, id: yossi.id }, 'accountant'))
      .then([invited({ ...dana, id: yossi.id }, 'accountant')]));

  it('a full team takes nobody more, but a removal makes room', () => {
    given(crowd(TEAM_LIMITS.membersMax)).when(invite(dana)).thenThrows(TeamError, refusedWith('team.full'));
    const full = crowd(TEAM_LIMITS.membersMax);
    given([...full, removed(full[0]?.data.memberId ?? '')])
      .when(invite(dana))
      .then([invited(dana)]);
  });
});

describe("changing a person's role", () => {
  const change = (memberId: string, role: 'manager' | 'kitchen' | 'accountant'): TeamCommand => ({
    type: 'ChangeMemberRole',
    data: { memberId, role, now },
  });

  it('a present person gets the new role', () =>
    given([invited(dana, 'kitchen')])
      .when(change(dana.id, 'manager'))
      .then([roleChanged(dana.id, 'manager')]));

  it('the role they already have changes nothing (their sign-ins are not ended for nothing)', () =>
    given([invited(dana, 'kitchen'), roleChanged(dana.id, 'manager')])
      .when(change(dana.id, 'manager'))
      .then([]));

  it('a removed or unknown person is not found', () => {
    given([invited(dana), removed(dana.id)])
      .when(change(dana.id, 'manager'))
      .thenThrows(TeamError, refusedWith('not_found'));
    given([invited(dana)])
      .when(change(yossi.id, 'manager'))
      .thenThrows(TeamError, refusedWith('not_found'));
  });

  it('a screen has no role to change: it is the kitchen', () =>
    given([paired]).when(change(screen.id, 'manager')).thenThrows(TeamError, refusedWith('not_found')));
});

describe('removing a person or revoking a screen', () => {
  const remove = (memberId: string): TeamCommand => ({ type: 'RemoveMember', data: { memberId, now } });

  it('a person leaves the team', () =>
    given([invited(dana)])
      .when(remove(dana.id))
      .then([removed(dana.id)]));

  it('a screen is revoked the same way', () =>
    given([paired])
      .when(remove(screen.id))
      .then([removed(screen.id)]));

  it('someone removed already, or never in the team, is not found', () => {
    given([invited(dana), removed(dana.id)])
      .when(remove(dana.id))
      .thenThrows(TeamError, refusedWith('not_found'));
    given([]).when(remove(dana.id)).thenThrows(TeamError, refusedWith('not_found'));
  });
});

describe('pairing a kitchen screen', () => {
  const pair: TeamCommand = { type: 'PairScreen', data: { memberId: screen.id, name: screen.name, now } };

  it('a tablet with a code joins as a screen of the kitchen', () =>
    given([invited(dana)])
      .when(pair)
      .then([paired]));

  it('a full team takes no more screens', () =>
    given(crowd(TEAM_LIMITS.membersMax)).when(pair).thenThrows(TeamError, refusedWith('team.full')));
});

describe("the idle time of people's sign-ins", () => {
  const choose = (idleHours: number): TeamCommand => ({ type: 'ChooseIdleTime', data: { idleHours, now } });

  it('a new idle time is recorded', () =>
    given([])
      .when(choose(4))
      .then([idleChosen(4)]));

  it('the default twelve hours, or the time already chosen, records nothing', () => {
    given([]).when(choose(TEAM_LIMITS.idleHoursDefault)).then([]);
    given([idleChosen(4)])
      .when(choose(4))
      .then([]);
  });

  it('going back to twelve hours after another choice is recorded', () =>
    given([idleChosen(4)])
      .when(choose(TEAM_LIMITS.idleHoursDefault))
      .then([idleChosen(TEAM_LIMITS.idleHoursDefault)]));
});

describe('choosing a staff PIN', () => {
  const choose = (memberId: string): TeamCommand => ({ type: 'RecordStaffPin', data: { memberId, now } });

  it('a present person records that they chose one (never the PIN itself)', () =>
    given([invited(dana, 'manager')])
      .when(choose(dana.id))
      .then([pinChosen(dana.id)]));

  it('the owner may choose one too', () =>
    given([])
      .when(choose('owner'))
      .then([pinChosen('owner')]));

  it('a screen has no PIN of its own, and a removed person none any more', () => {
    given([paired]).when(choose(screen.id)).thenThrows(TeamError, refusedWith('not_found'));
    given([invited(dana), removed(dana.id)])
      .when(choose(dana.id))
      .thenThrows(TeamError, refusedWith('not_found'));
  });
});
