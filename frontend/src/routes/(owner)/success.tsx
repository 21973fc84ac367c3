import { createFileRoute } from '@tanstack/react-router';
import { RegistrationSuccessPage } from '@/features/owner/sign-in/success-page';

export const Route = createFileRoute('/(owner)/success')({
  beforeLoad: ({ location }) =>
    import('@/features/owner/sign-in/session-guard').then((guard) => guard.requireOwnerSession(location)),
  component: RegistrationSuccessPage,
});
