import { createFileRoute } from '@tanstack/react-router';
import { TeamPage } from '@/features/owner/owner-pages';

// The café's team (issue 31): the owner's alone (the console's guard sends anyone else to their first page).
export const Route = createFileRoute('/(owner)/_console/team')({
  component: TeamPage,
});
