// The shared table's chunk (issue 34), fetched only at a table whose poster carried its secret (use-table-session.ts):
// the session, the bar on the menu and the table's cart page, with their words in the four languages.
import type { TableState } from '@tafrit/contracts/tables';
import { useId, useState, type ReactNode } from 'react';
import { isTableAlone } from '../table-secret';
import { useLanguage } from '../language';
import { formatShekels } from '../money';
import { dinerHref } from '../paths';
import { DinerLink, PageMain, primaryButtonClass, secondaryButtonClass, useDiner, useDocumentTitle } from '../ui';
import type { TablePlace } from './api';
import { createTableSession } from './session';
import { useSplitWords } from '../split-words';
import { setTableSplit } from '../table-split';
import { canPay, defaultPick, partOf, splitBody, type SplitPick } from './split';
import { PartAmount, SplitChoice } from './split-choice';
import { tableStrings, type TableStrings } from './strings';
import { Notices, TablePanel, type Shared } from './table-panel';
import { breakOutOfHoldFrame, HoldReturnNotice, TabArea, useTabText } from './tab-area';
import { paysAfterSending } from './tab';
import type { TableSession, TableView } from './types';

export type { TableSession, TableView };

// The card hold's page ends on the table's menu address inside its frame: that page moves the whole tab there.
if (typeof window !== 'undefined') breakOutOfHoldFrame(window);

/** The phone's session at the table: joined at once, unless the diner chose "just for me" at this very poster. */
export function openTableSession(place: TablePlace): TableSession {
  return createTableSession(place, { alone: isTableAlone(place.departmentId, place.key) });
}

function useTableText(): TableStrings {
  return tableStrings[useLanguage().language];
}

const itemsOf = (state: TableState) => state.cart.lines.reduce((sum, line) => sum + line.quantity, 0);

/** The table's number after its words, read left to right whatever the language. */
function TableTitle({ t, number }: { t: TableStrings; number: number }) {
  return (
    <>
      {t.tableCart} <bdi dir="ltr">{number}</bdi>
    </>
  );
}

/** "Just for me": this phone's own cart, as without a shared table; off again joins the table's cart. */
function AloneSwitch({ shared, t }: { shared: Shared; t: TableStrings }) {
  const id = useId();
  const alone = shared.view.status === 'alone';
  return (
    <div className="mt-3">
      <label className="flex min-h-11 items-center gap-3 font-medium text-ink">
        <input
          type="checkbox"
          role="switch"
          className="size-6 accent-brand-700"
          checked={alone}
          aria-describedby={`${id}-hint`}
          onChange={(event) => shared.session.setAlone(event.target.checked)}
          data-testid="table-alone"
        />
        {t.alone}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t.aloneHint}
      </p>
    </div>
  );
}

/**
 * The bar on the menu at a shared table: in the page's flow (nothing floats over the menu), the table's count and
 * total live, the lines on demand, the "just for me" switch. When the table cannot be joined, a calm line says so and
 * the menu keeps the private cart.
 */
export function TableBar({
  shared,
  departmentId,
  describesAdds = false,
}: {
  shared: Shared;
  departmentId: string;
  /** The menu's ordering is open: while the table pays, the bar's notice says why adding is disabled. */
  describesAdds?: boolean;
}) {
  const t = useTableText();
  const id = useId();
  const [open, setOpen] = useState(false);
  const { view } = shared;
  const frame = (children: ReactNode) => (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-6 rounded-xl border border-brand-700 bg-surface p-3"
      data-testid="table-bar"
      data-status={view.status}
    >
      {children}
    </section>
  );
  const title = (
    <h2 id={`${id}-title`} className="text-lg font-bold text-ink">
      <TableTitle t={t} number={shared.session.place.table} />
    </h2>
  );
  if (view.status === 'invalid') {
    return frame(
      <>
        <h2 id={`${id}-title`} className="sr-only">
          <TableTitle t={t} number={shared.session.place.table} />
        </h2>
        <p role="status" className="text-ink" data-testid="table-invalid">
          {t.invalid}
        </p>
      </>,
    );
  }
  if (view.status === 'joining' || view.status === 'failed') {
    return frame(
      <>
        {title}
        <p role="status" className="mt-1 text-muted">
          {view.status === 'joining' ? t.joining : t.failed}
        </p>
        {view.status === 'failed' ? (
          <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => shared.session.retry()}>
            {t.retry}
          </button>
        ) : null}
      </>,
    );
  }
  if (view.status === 'alone' || !view.state) {
    return frame(
      <>
        {title}
        <p className="mt-1 text-ink" data-testid="table-alone-on">
          {t.aloneOn}
        </p>
        <AloneSwitch shared={shared} t={t} />
      </>,
    );
  }
  const state = view.state;
  return frame(
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {title}
        <p className="text-ink" data-testid="table-summary">
          {t.items(itemsOf(state))} · <span dir="ltr">{formatShekels(state.cart.totalAgorot)}</span>
        </p>
      </div>
      <Notices shared={shared} t={t} describesAdds={describesAdds} />
      <HoldReturnNotice />
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen(!open)}
          className={secondaryButtonClass}
          data-testid="table-toggle"
        >
          {open ? t.hide : t.show}
        </button>
        <DinerLink href={dinerHref('cart', departmentId)} className={primaryButtonClass} data-testid="table-open-cart">
          {t.openCart}
        </DinerLink>
      </div>
      <div id={`${id}-panel`} hidden={!open}>
        {open ? <TablePanel shared={shared} t={t} /> : null}
      </div>
      <AloneSwitch shared={shared} t={t} />
    </>,
  );
}

/**
 * The cart page at a shared table: every line with who added it (one's own editable), the total, the notes, and the
 * pay area with the split choice (issue 34, part 2).
 */
export function TableCartPage({ shared, departmentId }: { shared: Shared; departmentId: string }) {
  const t = useTableText();
  const state = shared.view.state!;
  useDocumentTitle(`${t.tableCart} ${state.number}`);
  return (
    <PageMain>
      <h1 className="text-2xl font-bold text-ink">
        <TableTitle t={t} number={state.number} />
      </h1>
      <Notices shared={shared} t={t} />
      <HoldReturnNotice />
      <TablePanel shared={shared} t={t} />
      <TabArea shared={shared} />
      <PayArea shared={shared} departmentId={departmentId} t={t} />
      <AloneSwitch shared={shared} t={t} />
    </PageMain>
  );
}

/**
 * Where the table pays (issue 34, part 2): the split choice with what each comes to, then the checkout for the part
 * chosen. While the table is paying, anyone may pay a part of what is left (an older server: one payer at a time).
 */
function PayArea({ shared, departmentId, t }: { shared: Shared; departmentId: string; t: TableStrings }) {
  const id = useId();
  const w = useSplitWords();
  const tt = useTabText();
  const { navigate } = useDiner();
  const [pick, setPick] = useState<SplitPick>(defaultPick);
  const state = shared.view.state!;
  const payable = canPay(state);
  const part = partOf(pick, state);
  // Pay at the end: the bill is what was sent, so lines not sent yet hold the payment back (said below the button).
  const unsent = paysAfterSending(state);
  const blocked = !payable || !part.ok || unsent;
  const whole = pick.mode === 'all' && state.cart.status === 'open';
  return (
    <div className="mt-6" data-testid="table-pay">
      {payable ? <SplitChoice pick={pick} onPick={setPick} state={state} /> : null}
      <div role="status" className="mt-3" data-testid="split-part">
        {payable ? (
          <p className="text-lg text-ink">
            {w.comesTo} <PartAmount pick={pick} state={state} />
          </p>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-muted">
        {w.partHint}
      </p>
      {unsent ? (
        <p id={`${id}-unsent`} className="mt-1 font-medium text-ink" data-testid="pay-unsent">
          {tt.unsentPay}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => {
            if (blocked || !part.ok) return;
            setTableSplit(departmentId, {
              split: splitBody(pick),
              partAgorot: part.agorot,
              refresh: () => shared.session.retry(),
            });
            navigate(dinerHref('checkout', departmentId));
          }}
          aria-disabled={blocked ? true : undefined}
          aria-describedby={unsent ? `${id}-hint ${id}-unsent` : `${id}-hint`}
          className={`${primaryButtonClass} aria-disabled:cursor-not-allowed aria-disabled:bg-muted aria-disabled:hover:bg-muted`}
          data-testid="to-payment"
        >
          {whole ? t.toPayment : w.payPart}
        </button>
        <DinerLink href={dinerHref('menu', departmentId)} className={secondaryButtonClass}>
          {t.backToMenu}
        </DinerLink>
      </div>
    </div>
  );
}
