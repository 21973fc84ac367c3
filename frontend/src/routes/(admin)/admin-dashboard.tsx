import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboardPage } from '@/features/admin/admin-pages';

// Alias of /admin.
export const Route = createFileRoute('/(admin)/admin-dashboard')({
  component: AdminDashboardPage,
});
