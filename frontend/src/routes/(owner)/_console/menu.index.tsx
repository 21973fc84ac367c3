import { createFileRoute } from '@tanstack/react-router';
import { MenuPage } from '@/features/owner/owner-pages';

// Bare /menu is the owner's menu management; /menu/$departmentId is the diner's menu.
export const Route = createFileRoute('/(owner)/_console/menu/')({
  // The lists start loading with the owner chunk (import() keeps the api code out of the entry), and the lists' drag
  // code with them (this page's alone).
  loader: ({ context }) =>
    Promise.all([
      import('@/features/owner/shared/api/option-groups').then((menu) => menu.prefetchMenuPage(context.queryClient)),
      import('@/features/owner/menu/reorderable-list').then((lists) => lists.preloadSortable()),
    ]),
  component: MenuPage,
});
