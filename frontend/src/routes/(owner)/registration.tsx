import { createFileRoute } from '@tanstack/react-router';
import { RegistrationPage } from '@/features/owner/owner-pages';

export const Route = createFileRoute('/(owner)/registration')({
  component: RegistrationPage,
});
