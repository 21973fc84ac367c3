// beforeLoad of /admin and /admin-dashboard, loaded on demand with the admin chunk (see routes/(admin)/admin.tsx).
import { redirect } from '@tanstack/react-router';
import { adminToken } from '@/lib/storage';

/** Without an admin token the admin pages go to / (spec §4). */
export function requireAdminSession(): void {
  if (!adminToken.get()) throw redirect({ to: '/', replace: true });
}
