import { createFileRoute } from '@tanstack/react-router';
import { RegistrationSuccessPage } from '@/features/owner/success-page';

export const Route = createFileRoute('/(owner)/success')({
  beforeLoad: ({ location }) =>
    import('@/features/owner/session-guard').then((guard) => guard.requireOwnerSession(location)),
  component: RegistrationSuccessPage,
});
