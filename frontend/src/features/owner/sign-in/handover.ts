// The part of the business session that the route guard needs. Kept apart from session.ts on purpose: the guard is
// loaded by the route files, and the fewer modules it reaches, the less the bundler has to split out of the entry.
import type { BusinessChoice, SessionMember } from '@tafrit/contracts/http/team.schemas';
import { isRole, type Role } from '@tafrit/contracts/roles';
import { readImpersonationFragment } from '@/lib/impersonation';
import {
  adminImpersonating,
  authToken,
  businessData,
  clearBusinessSession,
  currentDepartmentId,
  readJson,
  remove,
  writeJson,
} from '@/lib/storage';

// Who is signed in (issue 31): the owner, a person of the team or a paired kitchen screen, with the role the console
// follows. Kept here, not in lib/storage: the diner's page reads lib/storage and has no business with a team.
const MEMBER_KEY = 'sessionMember';
const BUSINESSES_KEY = 'sessionBusinesses';

export const sessionMember = {
  /** Null for a session stored before the team existed, or an administrator's: both are the owner's. */
  get: (): SessionMember | null => {
    const stored = readJson<Partial<SessionMember>>(MEMBER_KEY);
    if (!stored || !isRole(stored.role) || typeof stored.id !== 'string') return null;
    const kind = stored.kind === 'person' || stored.kind === 'screen' ? stored.kind : 'owner';
    return { role: stored.role, kind, id: stored.id, name: typeof stored.name === 'string' ? stored.name : '' };
  },
  set: (member: SessionMember | undefined): void => {
    if (member) writeJson(MEMBER_KEY, member);
    else remove(MEMBER_KEY);
  },
};

/** The businesses this phone may open (more than one: the header offers to switch). */
export const sessionBusinesses = {
  get: (): BusinessChoice[] => {
    const stored = readJson<unknown>(BUSINESSES_KEY);
    return Array.isArray(stored)
      ? stored.filter(
          (choice): choice is BusinessChoice =>
            typeof choice === 'object' &&
            choice !== null &&
            typeof (choice as BusinessChoice).id === 'string' &&
            typeof (choice as BusinessChoice).businessName === 'string' &&
            isRole((choice as BusinessChoice).role),
        )
      : [];
  },
  set: (choices: readonly BusinessChoice[] | undefined): void => {
    if (choices && choices.length > 1) writeJson(BUSINESSES_KEY, choices);
    else remove(BUSINESSES_KEY);
  },
};

/** The role of this device's session; the owner's when none is stored. */
export function currentRole(): Role {
  return sessionMember.get()?.role ?? 'owner';
}

/** Forgets who was signed in, with the session (sign-out, an expired session, an administrator's hand-over). */
export function forgetSessionMember(): void {
  remove(MEMBER_KEY);
  remove(BUSINESSES_KEY);
}

export function hasOwnerSession(): boolean {
  return authToken.get() !== null;
}

/**
 * Stores an administrator's hand-over from the address fragment. Returns true when there was one: the caller then
 * removes the fragment from the address (a token must not stay in the address bar, the history or a bookmark).
 */
export function takeImpersonationFromHash(hash: string): boolean {
  const handOver = readImpersonationFragment(hash);
  if (!handOver) return false;
  clearBusinessSession();
  // An administrator opens the business as its owner.
  forgetSessionMember();
  authToken.set(handOver.token);
  if (handOver.business && typeof handOver.business === 'object') {
    businessData.set(handOver.business);
    const departmentId = (handOver.business as { departmentId?: unknown }).departmentId;
    if (typeof departmentId === 'string' && departmentId) currentDepartmentId.set(departmentId);
  }
  adminImpersonating.set(true);
  return true;
}
