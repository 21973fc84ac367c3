import { createFileRoute } from '@tanstack/react-router';
import { RegistrationSuccessPage } from '@/features/owner/owner-pages';

export const Route = createFileRoute('/(owner)/success')({
  component: RegistrationSuccessPage,
});
