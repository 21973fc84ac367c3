// beforeLoad of the business owner's pages. The route files load this module on demand, so the entry chunk that every
// diner downloads holds only the import() call; the code travels in the owner chunk with the screens.
import { redirect } from '@tanstack/react-router';
import { hasOwnerSession, takeImpersonationFromHash } from './handover';

export interface GuardLocation {
  pathname: string;
  searchStr: string;
  hash: string;
}

/**
 * 1. An administrator's hand-over in the fragment is stored, then the same page is loaded again without it (a
 *    replace: the token never stays in the history).
 * 2. Without a business session, the page is /login.
 */
export function requireOwnerSession(location: GuardLocation): void {
  if (takeImpersonationFromHash(location.hash)) {
    throw redirect({ href: `${location.pathname}${location.searchStr}`, replace: true });
  }
  if (!hasOwnerSession()) throw redirect({ to: '/login', replace: true });
}
