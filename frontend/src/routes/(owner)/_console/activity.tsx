import { createFileRoute } from '@tanstack/react-router';
import { ActivityPage } from '@/features/owner/owner-pages';

// Who did what in the business (issue 31): the owner's activity page.
export const Route = createFileRoute('/(owner)/_console/activity')({
  component: ActivityPage,
});
