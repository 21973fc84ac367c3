import { createFileRoute } from '@tanstack/react-router';
import { NumbersPage } from '@/features/owner/owner-pages';

// What sells (issue 33): the owner's plots of a range, in Israel time.
export const Route = createFileRoute('/(owner)/_console/numbers')({
  component: NumbersPage,
});
