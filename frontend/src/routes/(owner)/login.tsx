import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/owner/owner-pages';

export const Route = createFileRoute('/(owner)/login')({
  component: LoginPage,
});
