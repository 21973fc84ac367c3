import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '@/features/landing/info-pages';

export const Route = createFileRoute('/(landing)/terms-conditions')({
  component: TermsPage,
});
