// The orders already paid for a later pickup (issue 33), as the warnings before a pause or earlier hours list them:
// each order's number and pickup time, isolated so they read left to right inside the Hebrew.
import type { LiveOrder } from '@tafrit/contracts/sockets';
import { formatIsraelTimeOfDay } from '@tafrit/contracts/months';
import { heOwner } from '@/i18n/he-owner';

const t = heOwner.live;

export function UpcomingOrdersList({ upcoming }: { upcoming: readonly LiveOrder[] }) {
  return (
    <>
      <p className="font-bold text-ink">{t.upcomingWarning(upcoming.length)}</p>
      <ul className="mt-2 list-disc ps-6 text-ink">
        {upcoming.map((order) => (
          <li key={order.orderId}>
            {t.orderNumber} <bdi dir="ltr">#{order.orderNumber}</bdi>
            {order.pickupAt ? (
              <>
                {' '}
                {t.pickupAt}
                <bdi dir="ltr">{formatIsraelTimeOfDay(order.pickupAt)}</bdi>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
