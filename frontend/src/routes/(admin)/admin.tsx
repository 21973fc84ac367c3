import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboardPage } from '@/features/admin/admin-pages';

export const Route = createFileRoute('/(admin)/admin')({
  beforeLoad: () => import('@/features/admin/session-guard').then((guard) => guard.requireAdminSession()),
  component: AdminDashboardPage,
});
