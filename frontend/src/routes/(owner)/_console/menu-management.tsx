import { createFileRoute } from '@tanstack/react-router';
import { MenuManagementPage } from '@/features/owner/owner-pages';

// Alias of /menu.
export const Route = createFileRoute('/(owner)/_console/menu-management')({
  component: MenuManagementPage,
});
