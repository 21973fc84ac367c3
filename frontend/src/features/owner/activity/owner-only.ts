// Whether the signed-in console is the owner's (issue 31): only the owner may read who did what, so only the owner's
// console links to it. Read from the access token's role claim (`rol`, absent for the owner and in tokens signed
// before roles existed); the server decides anyway, this only hides a link that would answer 403.
import { authToken } from '@/lib/storage';

export function isOwnerSession(token: string | null = authToken.get()): boolean {
  const payload = token?.split('.')[1];
  if (!payload) return false;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { rol?: unknown };
    return claims.rol === undefined || claims.rol === 'owner';
  } catch {
    return false;
  }
}
