// The thank-you page (product spec §2, §4): the order of this diner's own session (DESIGN.md §4.8), read once from
// `GET /api/orders/{departmentId}/latest`. The payment's confirmation (the provider's webhook) and the tax invoice can
// come a moment after the diner lands here, so while either is pending the page asks
// `GET /api/orders/{departmentId}/{orderNumber}/wait`, which the server holds until the order is settled (or about
// 25 s), and asks again while an answer is still pending: no timer polling. At most MAX_WAITS asks (about 2.5
// minutes), then it says it takes longer than usual; a failed ask keeps the order shown and waits RETRY_DELAY_MS
// before the next one. Once the order shows as paid, the cart, its remarks and the saved last order are done with.
// The requests are in order-wait.ts, their loop in use-diner-order.ts, the order's view in order-view.tsx.
import type { DinerOrderView } from '@tafrit/contracts/ordering-types';
import { useState } from 'react';
import type { CartLine } from './cart';
import { dinerHref } from './paths';
import { useText } from './language';
import { OrderView } from './order-view';
import { useDinerOrder } from './use-diner-order';
import { DinerLink, PageMain, primaryButtonClass, secondaryButtonClass, useDocumentTitle } from './ui';

export interface ThankYouPageProps {
  departmentId: string;
  /** The order the server read for this diner (its renderer passes it; the browser finds it in `#order-data`). */
  initialOrder?: DinerOrderView | undefined;
  /** The cart as the page opened: a line's choices when the order read does not name them. */
  lines?: readonly CartLine[];
  update(change: (lines: readonly CartLine[]) => CartLine[]): CartLine[];
}

export function ThankYouPage({ departmentId, initialOrder, lines = [], update }: ThankYouPageProps) {
  const t = useText();
  useDocumentTitle(t.pageTitle(t.thankYou.title));
  // Kept from the first render: the cart is emptied once the order is paid.
  const [cartLines] = useState(lines);
  const { latest, exhausted, retry } = useDinerOrder(departmentId, initialOrder, update);

  if (latest === null) {
    return (
      <PageMain>
        <h1 className="text-2xl font-bold text-ink">{t.thankYou.title}</h1>
        <p role="status" className="mt-3 text-lg text-muted">
          {t.thankYou.loading}
        </p>
      </PageMain>
    );
  }
  if (latest.status === 'none') {
    return (
      <PageMain>
        <div data-testid="no-order">
          <h1 className="text-2xl font-bold text-ink">{t.thankYou.noOrderTitle}</h1>
          <p className="mt-3 max-w-prose text-lg text-muted">{t.thankYou.noOrderText}</p>
          <p className="mt-6">
            <DinerLink href={dinerHref('menu', departmentId)} className={primaryButtonClass}>
              {t.thankYou.backToMenu}
            </DinerLink>
          </p>
        </div>
      </PageMain>
    );
  }
  if (latest.status === 'error') {
    return (
      <PageMain>
        <h1 className="text-2xl font-bold text-ink">{t.thankYou.title}</h1>
        <p role="alert" className="mt-3 max-w-prose text-lg text-danger">
          {t.thankYou.loadFailed}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="button" onClick={retry} className={primaryButtonClass}>
            {t.thankYou.retry}
          </button>
          <DinerLink href={dinerHref('menu', departmentId)} className={secondaryButtonClass}>
            {t.thankYou.backToMenu}
          </DinerLink>
        </div>
      </PageMain>
    );
  }
  return <OrderView order={latest.order} departmentId={departmentId} stillWaiting={exhausted} cartLines={cartLines} />;
}
