import { createFileRoute } from '@tanstack/react-router';
import { BookkeepingPage } from '@/features/owner/owner-pages';

// The accountant's month (issue 32): the month's zip and the Tax Authority's uniform structure.
export const Route = createFileRoute('/(owner)/_console/bookkeeping')({
  component: BookkeepingPage,
});
