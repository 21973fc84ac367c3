import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '@/features/owner/owner-pages';

// A team member's own page (issue 31): their staff PIN, their other businesses.
export const Route = createFileRoute('/(owner)/_console/account')({
  component: AccountPage,
});
