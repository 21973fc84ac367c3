import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '@/features/landing/terms-page';

export const Route = createFileRoute('/(landing)/terms-conditions')({
  component: TermsPage,
});
