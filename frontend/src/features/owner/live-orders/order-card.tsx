import { formatShekels } from '@tafrit/contracts/money';
import type { LiveOrder } from '@tafrit/contracts/sockets';
import { useId, useState } from 'react';
import { QuantityLine } from '@/components/quantity-line';
import { TypedText } from '@/components/typed-text';
import { PendingButton } from '@/components/ui/pending-button';
import { heOwner } from '@/i18n/he-owner';
import { formatIsraelTimeOfDay } from '@tafrit/contracts/months';
import { LineChoices } from './line-choices';
import { isCancelled, nextStep } from './live-board';
import { ReadyEstimate, rememberedReadyIn } from './ready-estimate';
import { setupText } from '../setup/strings';
import { OrderTimelineToggle, StatusBy } from '../timeline/order-timeline';

const t = heOwner.live;

export const bigPrimaryButtonClass =
  'inline-flex min-h-14 min-w-32 items-center justify-center rounded-lg bg-brand-700 px-6 py-2 text-xl font-bold ' +
  'text-white motion-safe:transition-colors hover:bg-brand-800';
export const bigSecondaryButtonClass =
  'inline-flex min-h-12 items-center justify-center rounded-lg border border-brand-700 bg-surface px-4 py-2 ' +
  'text-lg font-medium text-brand-700 motion-safe:transition-colors hover:bg-brand-50';

const dangerOutlineClass =
  'inline-flex min-h-12 items-center justify-center rounded-lg border border-danger bg-surface px-4 py-2 ' +
  'text-lg font-medium text-danger motion-safe:transition-colors hover:bg-danger-50';

const kitchenBadgeClass: Record<LiveOrder['status'], string> = {
  paid: 'border-danger bg-danger-50 text-danger',
  accepted: 'border-brand-700 bg-brand-50 text-brand-700',
  ready: 'border-brand-700 bg-brand-700 text-white',
  served: 'border-line bg-canvas text-muted',
  cancelled: 'border-line bg-canvas text-muted',
};

/** One paid order on the kitchen's screen: big number and time, lines, remarks apart, status and its next step. */
export function OrderCard({
  order,
  moving,
  reprinting,
  onMove,
  readyInMinutes,
  onReprint,
  onRefund,
  onDecline,
  withoutPrinter = false,
}: {
  order: LiveOrder;
  moving: boolean;
  reprinting: boolean;
  onMove: (order: LiveOrder, step: 'accepted' | 'ready' | 'served', readyInMinutes?: number) => void;
  /** The console's estimate for accepting, shared by every card (absent: the card keeps its own). */
  readyInMinutes?: { value: number | undefined; change: (minutes: number | undefined) => void };
  onReprint: (order: LiveOrder) => void;
  /** Opens the refund dialog (issue 17); absent: no refund button. */
  onRefund?: (order: LiveOrder) => void;
  /** Opens the decline confirmation of a new order; absent: no decline button. */
  onDecline?: (order: LiveOrder) => void;
  /** No agent paired and no browser printing: a slip waiting for a printer is said calmly, as a fact. */
  withoutPrinter?: boolean;
}) {
  const headingId = useId();
  const cancelled = isCancelled(order);
  // A cancelled order is done: no kitchen step, shown calmly with the served ones, never as a new order's alarm.
  const status = cancelled ? 'cancelled' : order.status;
  const step = cancelled ? null : nextStep(order.status);
  // The estimate is the console's (one kitchen, one pace): kept by the page when it passes it, else by this card.
  const [ownReadyIn, setOwnReadyIn] = useState(rememberedReadyIn);
  const readyIn = readyInMinutes === undefined ? ownReadyIn : readyInMinutes.value;
  const setReadyIn = readyInMinutes === undefined ? setOwnReadyIn : readyInMinutes.change;
  const served = order.status === 'served' || cancelled;
  const refunded = order.refundedAgorot ?? 0;
  // A test order (decision 034) was never charged: nothing to refund, decline or say about how it was paid.
  const refundable = !order.test && order.totalAgorot - refunded > 0;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="live-order"
      data-order-id={order.orderId}
      data-status={status}
      className={
        'flex flex-col gap-4 rounded-xl p-5 ' +
        (status === 'paid' ? 'border-2 border-brand-700 bg-surface shadow-md' : 'border border-line') +
        // Served and cancelled orders step back: no shadow, the page's own colour.
        (served ? ' bg-canvas' : status === 'paid' ? '' : ' bg-surface shadow-sm')
      }
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={headingId} className="text-ink">
          <span className="block text-base font-medium text-muted">{t.orderNumber}</span>
          <bdi className="text-5xl font-bold" data-testid="live-order-number">
            {order.orderNumber}
          </bdi>
          {order.test ? (
            <span
              className="ms-3 inline-block rounded-full border-2 border-ink bg-canvas px-3 py-1 text-lg font-bold text-ink"
              data-testid="live-order-test"
            >
              {setupText.testBadge}
            </span>
          ) : null}
          {order.round ? (
            // A round of a table's open tab: cooked now, paid with the table's bill at the end.
            <span
              className="ms-3 inline-block rounded-full border-2 border-brand-700 bg-brand-50 px-3 py-1 text-lg font-bold text-ink"
              data-testid="live-order-round"
            >
              {t.round} <bdi dir="ltr">{order.round}</bdi> · {t.openTab}
            </span>
          ) : null}
        </h3>
        <div className="text-end">
          <p className="text-lg text-muted">
            {t.paidAt}
            <time dateTime={order.paidAt} className="text-2xl font-bold text-ink">
              <bdi>{formatIsraelTimeOfDay(order.paidAt)}</bdi>
            </time>
          </p>
          {order.pickupAt ? (
            <p className="mt-1 text-2xl font-bold text-ink" data-testid="live-order-pickup">
              {t.pickupAt}
              <time dateTime={order.pickupAt}>
                <bdi>{formatIsraelTimeOfDay(order.pickupAt)}</bdi>
              </time>
            </p>
          ) : null}
          {order.tableNumber !== null ? (
            <p className="mt-1 text-2xl font-bold text-ink" data-testid="live-order-table">
              {t.table(order.tableNumber)}
            </p>
          ) : null}
        </div>
      </div>

      <ul className="flex flex-col gap-1 text-xl text-ink" data-testid="live-order-lines">
        {order.lines.map((line, index) => (
          <li key={`${line.name}-${index}`}>
            <QuantityLine quantity={line.quantity} name={line.name} />
            <LineChoices options={line.options} />
          </li>
        ))}
      </ul>

      {order.remarks ? (
        <div className="rounded-lg border-2 border-danger bg-danger-50 p-3" data-testid="live-order-remarks">
          <h4 className="text-lg font-bold text-danger">{t.remarks}</h4>
          <p className="mt-1 text-xl whitespace-pre-line text-ink">
            <TypedText text={order.remarks} />
          </p>
        </div>
      ) : null}

      <p className="text-xl text-ink">
        {t.total}{' '}
        <bdi dir="ltr" className="font-bold" data-testid="live-order-total">
          {formatShekels(order.totalAgorot)}
        </bdi>
        {order.tipAgorot ? (
          <span className="ms-3 text-lg text-muted" data-testid="live-order-tip">
            {t.tip} <bdi dir="ltr">{formatShekels(order.tipAgorot)}</bdi>
          </span>
        ) : null}
      </p>
      {order.paymentMethod && !order.test ? (
        <p className="text-lg text-ink" data-testid="live-order-method">
          {t.paidWith[order.paymentMethod]}
        </p>
      ) : null}

      {order.refundRefused ? (
        <p className="text-ink" data-testid="live-order-refund-refused">
          <span className="font-bold text-danger">{t.refundRefused}</span> {order.refundRefused.reason}
          {refundable ? ` ${t.refundRefusedAgain}` : null}
        </p>
      ) : null}
      {refunded > 0 ? (
        <p className="text-lg text-ink" data-testid="live-order-refunded">
          {t.refundedLabel}{' '}
          <bdi dir="ltr" className="font-bold">
            {formatShekels(refunded)}
          </bdi>
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-lg">
        <p>
          <span className="text-muted">{t.kitchenStatusLabel} </span>
          <span
            className={`inline-block rounded-full border px-3 py-0.5 font-bold ${kitchenBadgeClass[status]}`}
            data-testid="live-order-status"
          >
            {/* Declined: "cancelled and refunded"; refunded whole without a decline: "cancelled". */}
            {order.status === 'cancelled' ? t.kitchen.cancelled : cancelled ? t.refundedWhole : t.kitchen[status]}
          </span>
          <StatusBy name={order.statusBy} />
        </p>
        <p data-testid="live-order-print">
          <span className="text-muted">{t.printLabel} </span>
          {withoutPrinter && (order.printStatus === 'queued' || order.printStatus === 'none') ? (
            <span className="text-muted">{t.printWithout}</span>
          ) : (
            <span className={order.printStatus === 'failed' ? 'font-bold text-danger' : 'text-ink'}>
              {t.print[order.printStatus]}
            </span>
          )}
          {order.printStatus === 'failed' && order.printError ? (
            <span className="block text-base text-danger">{order.printError}</span>
          ) : null}
        </p>
      </div>

      <OrderTimelineToggle
        orderId={order.orderId}
        source="console"
        version={`${order.status}:${refunded}:${order.refundRefused?.refundId ?? ''}`}
        describedBy={headingId}
      />

      <div className="mt-auto flex flex-wrap items-center gap-3">
        {step === 'accepted' ? <ReadyEstimate value={readyIn} onChange={setReadyIn} describedBy={headingId} /> : null}
        {step ? (
          <PendingButton
            type="button"
            pending={moving}
            pendingLabel={t.moving}
            className={bigPrimaryButtonClass}
            aria-describedby={headingId}
            onClick={() => onMove(order, step, step === 'accepted' ? readyIn : undefined)}
          >
            {t.next[step]}
          </PendingButton>
        ) : null}
        {order.printStatus === 'failed' || order.printStatus === 'printed' ? (
          <PendingButton
            type="button"
            pending={reprinting}
            pendingLabel={t.reprinting}
            className={bigSecondaryButtonClass}
            aria-describedby={headingId}
            onClick={() => onReprint(order)}
          >
            {t.reprint}
          </PendingButton>
        ) : null}
        {onDecline && order.status === 'paid' && !cancelled && !order.test ? (
          <button
            type="button"
            className={dangerOutlineClass}
            aria-describedby={headingId}
            onClick={() => onDecline(order)}
            data-testid="live-order-decline"
          >
            {heOwner.refunds.decline}
          </button>
        ) : null}
        {onRefund && refundable ? (
          <button
            type="button"
            className={bigSecondaryButtonClass}
            aria-describedby={headingId}
            onClick={() => onRefund(order)}
            data-testid="live-order-refund"
          >
            {heOwner.refunds.action}
          </button>
        ) : null}
      </div>
    </article>
  );
}
