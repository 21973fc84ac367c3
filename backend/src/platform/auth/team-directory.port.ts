import type { Role } from '@tafrit/contracts';

/** Nest injection token of the `TeamDirectory` (provided by the team module). */
export const TEAM_DIRECTORY = Symbol('TEAM_DIRECTORY');

/** One business a person's phone may sign into as a member (not as its owner). */
export interface Membership {
  memberId: string;
  businessPhone: string;
  businessName: string;
  role: Role;
  name: string;
}

/**
 * What the sign-in, the sessions and the owner's guard ask of the café's team (issue 31), owned by the team module:
 * which businesses a person works in, whether a member still is one (and with which role), and whose PIN a shared
 * screen's request carries.
 */
export interface TeamDirectory {
  /** The open memberships of a person's own phone, in businesses that are not closed. */
  membershipsOf(personPhone: string): Promise<Membership[]>;
  /** The member as they are now; undefined once removed. Asked when a member's session is renewed. */
  memberOf(businessPhone: string, memberId: string): Promise<{ role: Role; name: string } | undefined>;
  /** How long a person's sign-in of this business lives without use. */
  idleMsOf(businessPhone: string): Promise<number>;
  /**
   * The person behind a PIN grant sent by a paired screen, used up by this call (one grant, one action); undefined
   * for anything else.
   */
  useGrant(
    businessPhone: string,
    screenId: string,
    grant: string,
  ): Promise<{ memberId: string; role: Role } | undefined>;
}
