import { createFileRoute } from '@tanstack/react-router';
import { MenuManagementPage } from '@/features/owner/owner-pages';

// Alias of /menu.
export const Route = createFileRoute('/(owner)/_console/menu-management')({
  // The lists start loading with the owner chunk (import() keeps the api code out of the entry).
  loader: ({ context }) =>
    import('@/features/owner/api/option-groups').then((menu) => menu.prefetchMenuPage(context.queryClient)),
  component: MenuManagementPage,
});
