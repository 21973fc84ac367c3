import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboardPage } from '@/features/admin/admin-pages';

// Alias of /admin.
export const Route = createFileRoute('/(admin)/admin-dashboard')({
  beforeLoad: () => import('@/features/admin/session-guard').then((guard) => guard.requireAdminSession()),
  component: AdminDashboardPage,
});
