import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/owner/sign-in/login-page';

export const Route = createFileRoute('/(owner)/login')({
  component: LoginPage,
});
