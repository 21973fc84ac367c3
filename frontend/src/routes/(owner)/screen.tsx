import { createFileRoute } from '@tanstack/react-router';
import { ScreenPairingPage } from '@/features/owner/owner-pages';

// A tablet becomes the business's kitchen screen by a pairing code (issue 31); outside the console, like /login.
export const Route = createFileRoute('/(owner)/screen')({
  component: ScreenPairingPage,
});
