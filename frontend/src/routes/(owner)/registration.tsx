import { createFileRoute } from '@tanstack/react-router';
import { RegistrationPage } from '@/features/owner/sign-in/registration-page';

export const Route = createFileRoute('/(owner)/registration')({
  component: RegistrationPage,
});
