import { createFileRoute } from '@tanstack/react-router';
import { RegistrationPage } from '@/features/owner/registration-page';

export const Route = createFileRoute('/(owner)/registration')({
  component: RegistrationPage,
});
