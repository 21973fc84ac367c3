import { createFileRoute } from '@tanstack/react-router';
import { LiveOrdersPage } from '@/features/owner/live-orders/live-orders-page';

// The live orders console. The page (and socket.io-client, which it imports on demand) comes with the owner chunk.
export const Route = createFileRoute('/(owner)/_console/orders')({
  component: LiveOrdersPage,
});
