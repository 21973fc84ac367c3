import { Injectable } from '@nestjs/common';
import type { Role } from '@tafrit/contracts';
import type { Membership, TeamDirectory } from '../../../platform/auth/team-directory.port.js';
import { BusinessReader } from '../../accounts/index.js';
import { TeamReader } from '../projections/team.reader.js';
import { StaffPins } from './staff-pins.service.js';

/** The team as the sign-in, the sessions and the owner's guard ask about it (platform/auth/team-directory.port.ts). */
@Injectable()
export class TeamDirectoryService implements TeamDirectory {
  constructor(
    private readonly team: TeamReader,
    private readonly businesses: BusinessReader,
    private readonly pins: StaffPins,
  ) {}

  async membershipsOf(personPhone: string): Promise<Membership[]> {
    const memberships = await this.team.membershipsOf(personPhone);
    const names = await this.businesses.openNamesOf(memberships.map((membership) => membership.businessPhone));
    return memberships.flatMap((membership) => {
      const businessName = names.get(membership.businessPhone);
      return businessName === undefined
        ? []
        : [
            {
              memberId: membership.id,
              businessPhone: membership.businessPhone,
              businessName,
              role: membership.role,
              name: membership.name,
            },
          ];
    });
  }

  async memberOf(businessPhone: string, memberId: string): Promise<{ role: Role; name: string } | undefined> {
    const member = await this.team.memberOf(businessPhone, memberId);
    return member ? { role: member.role, name: member.name } : undefined;
  }

  async idleMsOf(businessPhone: string): Promise<number> {
    return (await this.team.idleHoursOf(businessPhone)) * 60 * 60_000;
  }

  useGrant(businessPhone: string, screenId: string, grant: string) {
    return this.pins.useGrant(businessPhone, screenId, grant);
  }
}
