import { createFileRoute } from '@tanstack/react-router';
import { OwnerConsoleLayout } from '@/features/owner/owner-pages';

// The owner's console: /reports, /menu, /menu-management, /settings. The guard's code is fetched on demand with the
// owner chunk, so the entry that every diner downloads carries only this import() call.
export const Route = createFileRoute('/(owner)/_console')({
  beforeLoad: ({ location }) =>
    import('@/features/owner/session-guard').then((guard) => guard.requireOwnerSession(location)),
  component: OwnerConsoleLayout,
});
