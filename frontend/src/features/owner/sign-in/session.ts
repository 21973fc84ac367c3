// The business session on this device (product spec §3 and §4): authToken, businessData, currentDepartmentId and,
// when an administrator opened the business, adminImpersonating.
import type { OwnerSession } from '@tafrit/contracts/http/sign-in.schemas';
import { adminImpersonating, authToken, businessData, clearBusinessSession, currentDepartmentId } from '@/lib/storage';
import { logoutOwner } from '../shared/api/accounts';
import { forgetSessionMember, sessionBusinesses, sessionMember } from './handover';

/** After registration or sign-in: forget whatever session was here before (an impersonation too), keep the new one. */
export function storeOwnerSession(session: OwnerSession): void {
  clearBusinessSession();
  authToken.set(session.token);
  businessData.set(session.business);
  if (session.business.departmentId) currentDepartmentId.set(session.business.departmentId);
  sessionMember.set(session.member);
  // A code and a switch answer the list when there is more than one business to choose from.
  sessionBusinesses.set(session.businesses);
}

export interface LogoutEffects {
  /** Where to go after a normal logout, or when an impersonation window cannot close itself. */
  goHome: () => Promise<unknown>;
  /**
   * Drops cached server data of the session (React Query). Called once the console is gone: clearing the cache under
   * a mounted screen would make it fetch again, without a token.
   */
  forgetData?: () => void;
}

/**
 * Logout (spec §4). An administrator's impersonation window is closed: it was opened for one look at one business.
 * A window the script did not open cannot close itself (same-tab impersonation), so it goes home instead. A normal
 * session is ended on the server too, so the refresh cookie stops working.
 */
export async function logout({ goHome, forgetData }: LogoutEffects): Promise<void> {
  forgetSessionMember();
  if (adminImpersonating.get()) {
    clearBusinessSession();
    window.close();
    // window.close() is silently ignored when not allowed; if the window is still here, leave the console.
    setTimeout(() => {
      if (!window.closed) void goHome().then(() => forgetData?.());
    }, 100);
    return;
  }
  await logoutOwner();
  clearBusinessSession();
  await goHome();
  forgetData?.();
}
