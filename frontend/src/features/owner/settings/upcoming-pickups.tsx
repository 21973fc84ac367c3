// Order ahead (issue 33): changing today's hours, closing early, does not cancel the orders already paid for a later
// pickup. The hours card lists them (the server's live list) beside its save button, so the owner changes the hours
// knowing what is still to be made.
import { useQuery } from '@tanstack/react-query';
import { heOwner } from '@/i18n/he-owner';
import { UpcomingOrdersList } from '../shared/upcoming-orders-list';
import { getLiveOrders, LIVE_ORDERS_URL } from '../shared/api/live-orders';

const t = heOwner.live;

export function UpcomingPickups() {
  const live = useQuery({ queryKey: [LIVE_ORDERS_URL, 'upcoming'], queryFn: ({ signal }) => getLiveOrders(signal) });
  const upcoming = (live.data?.orders ?? [])
    .filter((order) => order.upcoming && order.status === 'paid')
    .sort((a, b) => (a.pickupAt ?? '').localeCompare(b.pickupAt ?? ''));
  if (upcoming.length === 0) return null;
  return (
    <div className="rounded-lg border border-danger bg-danger-50 p-3" data-testid="hours-upcoming-warning">
      <UpcomingOrdersList upcoming={upcoming} />
      <p className="mt-2 text-muted">{t.upcomingHoursNote}</p>
    </div>
  );
}
