import { createFileRoute } from '@tanstack/react-router';
import { AdminLoginPage } from '@/features/admin/admin-pages';

export const Route = createFileRoute('/(admin)/admin-login')({
  component: AdminLoginPage,
});
