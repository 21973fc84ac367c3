import { createFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '@/features/owner/owner-pages';

export const Route = createFileRoute('/(owner)/_console/reports')({
  component: ReportsPage,
});
