// An order's steps with who and when (issue 31): "התקבלה על ידי דנה 12:03", "הוחזרו ₪12.00 על ידי יוסי". Shown under
// a button on the console's order card and in the report's order row, fetched only when opened.
import type { OrderTimeline, OrderTimelineStep } from '@tafrit/contracts/http/activity.schemas';
import { formatShekels } from '@tafrit/contracts/money';
import { formatIsraelDateTime, formatIsraelTimeOfDay } from '@tafrit/contracts/months';
import { useId, useState } from 'react';
import { TypedText } from '@/components/typed-text';
import { heOwnerActivity } from '@/i18n/he-owner-activity';
import { type TimelineSource, useOrderTimeline } from './timeline-api';

const t = heOwnerActivity.timeline;

const toggleClass =
  'inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-medium text-brand-700 underline ' +
  'hover:bg-brand-50 hover:no-underline';

/** The steps that carry a reason the person gave or the provider sent. */
const WITH_REASON = new Set<OrderTimelineStep['type']>([
  'OrderDeclined',
  'RefundRequested',
  'RefundFailed',
  'PaymentFailed',
  'CreditFailed',
  'InvoiceFailed',
  'PrintFailed',
]);
const WITH_NUMBER = new Set<OrderTimelineStep['type']>(['InvoiceIssued', 'CreditIssued']);
/** Someone of the business did it (or support): the step says who. */
const NAMED = new Set(['owner', 'admin', 'member', 'screen']);

/** Who took the order to its status, as the console's push said (issue 31): "על ידי דנה". */
export function StatusBy({ name }: { name: string | undefined }) {
  if (!name) return null;
  return (
    <span className="ms-2 text-muted" data-testid="live-order-status-by">
      {t.by} <TypedText text={name} className="font-medium text-ink" />
    </span>
  );
}

/** "מי עשה מה": a disclosure button and, once opened, the order's steps. */
export function OrderTimelineToggle({
  orderId,
  source,
  version,
  describedBy,
}: {
  orderId: string;
  source: TimelineSource;
  /** What the caller knows of the order (status, refunds): a change asks the steps again. */
  version?: string;
  /** The order's heading, so the button reads "מי עשה מה, הזמנה 17". */
  describedBy?: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div data-testid="order-timeline">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-describedby={describedBy}
        className={toggleClass}
        onClick={() => setOpen((value) => !value)}
      >
        {t.show}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-4 shrink-0 motion-safe:transition-transform ${open ? 'rotate-180' : ''}`}
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <div id={panelId} hidden={!open}>
        {open ? <OrderTimelineSteps orderId={orderId} source={source} version={version} /> : null}
      </div>
    </div>
  );
}

export function OrderTimelineSteps({
  orderId,
  source,
  version,
}: {
  orderId: string;
  source: TimelineSource;
  version?: string;
}) {
  const timeline = useOrderTimeline(source, orderId, version);
  if (timeline.isPending) {
    return (
      <p role="status" className="mt-2 text-muted">
        {t.loading}
      </p>
    );
  }
  if (timeline.isError) {
    return (
      <div role="alert" className="mt-2 flex flex-wrap items-center gap-3 text-danger">
        <p>{t.failed}</p>
        <button type="button" className={toggleClass} onClick={() => void timeline.refetch()}>
          {t.retry}
        </button>
      </div>
    );
  }
  return <TimelineList timeline={timeline.data} dated={source === 'report'} />;
}

/** The steps, oldest first. The report shows each step's date too: a refund may come days after the order. */
export function TimelineList({ timeline, dated }: { timeline: OrderTimeline; dated: boolean }) {
  if (timeline.steps.length === 0) return <p className="mt-2 text-muted">{t.empty}</p>;
  return (
    <ol className="mt-2 flex flex-col gap-1.5 border-s-2 border-line ps-3" aria-label={t.title}>
      {timeline.steps.map((step, index) => (
        <li key={`${step.type}-${step.at}-${index}`} className="text-ink" data-testid="timeline-step">
          <time dateTime={step.at} className="me-2 font-medium text-muted">
            <bdi dir="ltr">{dated ? formatIsraelDateTime(step.at) : formatIsraelTimeOfDay(step.at)}</bdi>
          </time>{' '}
          <StepText step={step} test={timeline.test} />
        </li>
      ))}
    </ol>
  );
}

function StepText({ step, test }: { step: OrderTimelineStep; test: boolean }) {
  const label = step.type === 'OrderPlaced' && test ? t.testPlaced : t.steps[step.type];
  return (
    <>
      <span className="font-medium">{label}</span>
      {step.amountAgorot !== null ? (
        <>
          {' '}
          <bdi dir="ltr">{formatShekels(step.amountAgorot)}</bdi>
        </>
      ) : null}
      {step.type === 'OrderAccepted' && step.detail ? <ReadyBy at={step.detail} /> : null}
      {NAMED.has(step.actor.kind) ? (
        <>
          {' '}
          {t.by} <TypedText text={step.actor.name} className="font-bold" />
          {step.actor.screenName ? (
            <>
              {' '}
              {t.onScreen} <TypedText text={step.actor.screenName} />
            </>
          ) : null}
        </>
      ) : null}
      {step.detail && WITH_NUMBER.has(step.type) ? (
        <>
          {' '}
          <bdi dir="ltr">{step.detail}</bdi>
        </>
      ) : null}
      {step.detail && WITH_REASON.has(step.type) ? (
        <>
          {': '}
          <TypedText text={step.detail} className="text-muted" />
        </>
      ) : null}
    </>
  );
}

function ReadyBy({ at }: { at: string }) {
  const parsed = Date.parse(at);
  if (Number.isNaN(parsed)) return null;
  return (
    <>
      {' '}
      ({t.readyBy} <bdi dir="ltr">{formatIsraelTimeOfDay(parsed)}</bdi>)
    </>
  );
}
