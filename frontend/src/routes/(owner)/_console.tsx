import { createFileRoute } from '@tanstack/react-router';
import { ConsoleSkeleton } from '@/components/console-skeleton';
import { OwnerConsoleLayout } from '@/features/owner/owner-pages';

// The owner's console: /reports, /menu, /menu-management, /settings. The guard's code is fetched on demand with the
// owner chunk, so the entry that every diner downloads carries only this import() call.
export const Route = createFileRoute('/(owner)/_console')({
  beforeLoad: ({ location }) =>
    import('@/features/owner/sign-in/session-guard').then((guard) => guard.requireOwnerSession(location)),
  component: OwnerConsoleLayout,
  // A cold start fetches the guard and the console's code first: show the console's shape at once instead of a blank
  // page (issue 29), but not for the instant of a warm navigation.
  pendingComponent: ConsoleSkeleton,
  pendingMs: 150,
  pendingMinMs: 0,
});
