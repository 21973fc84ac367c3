import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { OwnerBusiness, TeamAnswer, TeamMember, TeamSignIn } from '@tafrit/contracts';
import type { OwnerPrincipal } from '../../../platform/auth/principals.js';
import { type BusinessSignIn, GetOwnerBusinessQuery, SignInList } from '../../accounts/index.js';
import { TeamReader } from '../projections/team.reader.js';
import { StaffPins } from './staff-pins.service.js';

export class TeamListQuery {
  constructor(readonly owner: OwnerPrincipal) {}
}

const latest = (signIns: readonly TeamSignIn[]): string | null =>
  signIns.reduce<string | null>(
    (last, signIn) => (last === null || signIn.lastUsedAt > last ? signIn.lastUsedAt : last),
    null,
  );

/**
 * `GET /api/team`: one list of who can act for the business (issue 31): the owner with their own sign-ins, then each
 * person and screen with theirs, so every way in is seen, and ended, in one place.
 */
@QueryHandler(TeamListQuery)
export class TeamListHandler implements IQueryHandler<TeamListQuery, TeamAnswer> {
  constructor(
    private readonly team: TeamReader,
    private readonly signIns: SignInList,
    private readonly pins: StaffPins,
    private readonly queries: QueryBus,
  ) {}

  async execute({ owner }: TeamListQuery): Promise<TeamAnswer> {
    const [members, signIns, business, ownerPin, idleHours] = await Promise.all([
      this.team.membersOf(owner.phone),
      this.signIns.ofBusiness(owner),
      this.queries.execute<GetOwnerBusinessQuery, OwnerBusiness | undefined>(new GetOwnerBusinessQuery(owner.phone)),
      this.pins.hasPin(owner.phone, 'owner'),
      this.team.idleHoursOf(owner.phone),
    ]);
    const byMember = new Map<string | null, TeamSignIn[]>();
    for (const { memberId, ipAddress: _ip, ...signIn } of signIns as BusinessSignIn[]) {
      byMember.set(memberId, [...(byMember.get(memberId) ?? []), signIn]);
    }
    const ownerSignIns = byMember.get(null) ?? [];
    const ownerRow: TeamMember = {
      id: 'owner',
      kind: 'owner',
      name: business?.fullName ?? '',
      phone: owner.phone,
      role: 'owner',
      addedAt: business?.createdAt ?? new Date(0).toISOString(),
      lastActiveAt: latest(ownerSignIns),
      pinSet: ownerPin,
      signIns: ownerSignIns,
    };
    return {
      members: [
        ownerRow,
        ...members.map((member) => {
          const own = byMember.get(member.id) ?? [];
          return {
            id: member.id,
            kind: member.kind,
            name: member.name,
            phone: member.phone,
            role: member.role,
            addedAt: member.addedAt,
            lastActiveAt: latest(own),
            pinSet: member.pinSet,
            signIns: own,
          };
        }),
      ],
      settings: { idleHours },
    };
  }
}
