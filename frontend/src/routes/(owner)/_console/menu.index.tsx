import { createFileRoute } from '@tanstack/react-router';
import { MenuManagementPage } from '@/features/owner/owner-pages';

// Bare /menu is the owner's menu management; /menu/$departmentId is the diner's menu.
export const Route = createFileRoute('/(owner)/_console/menu/')({
  component: MenuManagementPage,
});
