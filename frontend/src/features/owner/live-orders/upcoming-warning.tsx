// Order ahead (issue 33): pausing new orders does not cancel the orders already paid for a later pickup. Before a
// pause the console lists them (the server's live list), so the owner pauses knowing what is still to be made.
import type { LiveOrder } from '@tafrit/contracts/sockets';
import { primaryButtonClass, secondaryButtonClass } from '@/components/ui/styles';
import { heOwner } from '@/i18n/he-owner';
import { UpcomingOrdersList } from '../shared/upcoming-orders-list';

const t = heOwner.live;

export function UpcomingWarning({
  upcoming,
  onConfirm,
  onCancel,
}: {
  upcoming: readonly LiveOrder[];
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <div role="alert" className="mt-3 rounded-lg border border-danger bg-danger-50 p-3" data-testid="upcoming-warning">
      <UpcomingOrdersList upcoming={upcoming} />
      <p className="mt-2 text-muted">{t.upcomingWarningNote}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" onClick={onConfirm} className={primaryButtonClass} data-testid="pause-confirm">
          {t.pauseAnyway}
        </button>
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          {t.pauseCancel}
        </button>
      </div>
    </div>
  );
}
