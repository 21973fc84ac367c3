// The role the console follows (issue 31): the signed-in member's, or, on a paired kitchen screen, the role of the
// person whose staff PIN was just typed, until their one action is done.
import type { SessionMember, StaffPinGrant } from '@tafrit/contracts/http/team.schemas';
import { roleMay, type Permission, type Role } from '@tafrit/contracts/roles';
import { useSyncExternalStore } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { staffGrant } from '../shared/api/session-request';
import { sessionMember } from '../sign-in/handover';

export function useStaffGrant(): StaffPinGrant | null {
  return useSyncExternalStore(staffGrant.subscribe, staffGrant.get, staffGrant.get);
}

export interface ConsoleRole {
  /** Who is signed in; the owner when the session predates the team. */
  member: SessionMember;
  /** The role the screens follow now: a PIN's, else the member's. */
  role: Role;
  may: (permission: Permission) => boolean;
}

const OWNER: SessionMember = { role: 'owner', kind: 'owner', id: 'owner', name: '' };

export function useConsoleRole(): ConsoleRole {
  const grant = useStaffGrant();
  // A console page rendered at build time is the owner's (no session there): the device's member from the render
  // after hydration on (lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const member = (hydrated ? sessionMember.get() : null) ?? OWNER;
  const role = (hydrated ? grant?.role : undefined) ?? member.role;
  return { member, role, may: (permission) => roleMay(role, permission) };
}
