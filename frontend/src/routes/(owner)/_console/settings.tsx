import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '@/features/owner/owner-pages';

export const Route = createFileRoute('/(owner)/_console/settings')({
  component: SettingsPage,
});
