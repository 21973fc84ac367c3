// The part of the business session that the route guard needs. Kept apart from session.ts on purpose: the guard is
// loaded by the route files, and the fewer modules it reaches, the less the bundler has to split out of the entry.
import { readImpersonationFragment } from '@/lib/impersonation';
import { adminImpersonating, authToken, businessData, clearBusinessSession, currentDepartmentId } from '@/lib/storage';

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
  authToken.set(handOver.token);
  if (handOver.business && typeof handOver.business === 'object') {
    businessData.set(handOver.business);
    const departmentId = (handOver.business as { departmentId?: unknown }).departmentId;
    if (typeof departmentId === 'string' && departmentId) currentDepartmentId.set(departmentId);
  }
  adminImpersonating.set(true);
  return true;
}
