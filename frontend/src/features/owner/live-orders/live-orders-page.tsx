// The owner's live orders console (/orders), the kitchen screen: today's paid orders as they come in, in columns by
// step (kitchen-board.tsx, decision 032), for a tablet in the kitchen or a screen at the counter. Large type and touch
// targets, one button for each order's next step, a beep for a new order and the number of new orders in the tab's
// title, so a console in a background tab still tells.
import type { LiveOrder } from '@tafrit/contracts/sockets';
import { roleMay } from '@tafrit/contracts/roles';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useState } from 'react';
import { PageMain } from '@/components/page-shell';
import { secondaryButtonClass } from '@/components/ui/styles';
import { pageTitle } from '@/i18n/he';
import { heOwner } from '@/i18n/he-owner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { loadPreference } from '../printing/browser-print/browser-print';
import { BrowserSlipPrinting } from '../printing/browser-print/browser-slip-printing';
import { errorDescription } from '../shared/errors';
import { DeclineDialog } from '../refunds/decline-dialog';
import { RefundDialog } from '../refunds/refund-dialog';
import { targetOfLiveOrder } from '../refunds/refund-target';
import { isCancelled, replaceOrder, unhandledCount, type LiveBoard } from './live-board';
import { AutoAcceptSwitch } from './auto-accept-switch';
import { FullscreenButton } from './fullscreen';
import { KITCHEN_COLUMNS, KitchenBoard } from './kitchen-board';
import { OrderingPauseControl } from './ordering-pause';
import { TestOrderButton } from '../setup/test-order-button';
import { rememberedReadyIn } from './ready-estimate';
import { OrderCard, bigSecondaryButtonClass } from './order-card';
import { playBeep, rememberSoundPreference, soundPreference, unlockSound } from './sound';
import { useKitchenActions } from './use-kitchen-actions';
import { currentRole } from '../sign-in/handover';
import { StaffPinControl } from '../team/staff-pin-control';
import { useConsoleRole } from '../team/use-role';
import { liveBoardKey, useLiveOrders, type ConnectionState } from './use-live-orders';
import { useWaitingTables, WaitingTables } from './waiting-tables';

const t = heOwner.live;

export function LiveOrdersPage() {
  const queryClient = useQueryClient();
  // The kitchen's screen shows the kitchen's controls; a manager's PIN on it brings the refund (issue 31).
  const { may } = useConsoleRole();
  const [soundOn, setSoundOn] = useState(soundPreference);
  const { moving, reprinting, onMove, onReprint } = useKitchenActions();
  // The order a refund or decline dialog is open for (by id: the live list keeps changing under it).
  const [refunding, setRefunding] = useState<string | null>(null);
  const [declining, setDeclining] = useState<string | null>(null);
  // Whether this browser prints the slips itself: with no agent paired either, there is no printer, and the print
  // state is information rather than an alarm.
  const [browserPrinting, setBrowserPrinting] = useState(() => loadPreference().enabled);
  const [controlsOpen, setControlsOpen] = useState(false);
  const controlsId = useId();

  const onNewOrders = useCallback(() => {
    if (soundOn) playBeep();
  }, [soundOn]);
  const { query, connection } = useLiveOrders({ onNewOrders });
  const board = query.data;
  // The shared tables waiting for payment, read again with every live update (waiting-tables.tsx).
  const waiting = useWaitingTables(query.dataUpdatedAt);

  const unhandled = unhandledCount(board);
  useDocumentTitle(unhandled > 0 ? `(${unhandled}) ${pageTitle(t.title)}` : pageTitle(t.title));

  // Audio plays only after a gesture on the page: any click or key unlocks it for the beeps to come.
  useEffect(() => {
    document.addEventListener('pointerdown', unlockSound);
    document.addEventListener('keydown', unlockSound);
    return () => {
      document.removeEventListener('pointerdown', unlockSound);
      document.removeEventListener('keydown', unlockSound);
    };
  }, []);

  function toggleSound() {
    const next = !soundOn;
    setSoundOn(next);
    rememberSoundPreference(next);
    if (next) unlockSound();
  }

  function updateBoard(change: (board: LiveBoard) => LiveBoard) {
    queryClient.setQueryData<LiveBoard>(liveBoardKey, (current) => (current ? change(current) : current));
  }

  // The estimate offered on accepting: the console's, remembered on this device (ready-estimate.tsx).
  const [readyIn, setReadyIn] = useState(rememberedReadyIn);

  const orders = board?.orders ?? [];
  const open = (order: LiveOrder) => !isCancelled(order);
  const fresh = orders.filter((order) => order.status === 'paid' && !order.upcoming && open(order));
  // Paid for a later pickup (issue 33): apart, by pickup time, until the moment its preparation starts.
  const upcoming = orders
    .filter((order) => order.status === 'paid' && order.upcoming && open(order))
    .sort((a, b) => (a.pickupAt ?? '').localeCompare(b.pickupAt ?? ''));
  const preparing = orders.filter((order) => order.status === 'accepted' && open(order));
  const ready = orders.filter((order) => order.status === 'ready' && open(order));
  const withoutPrinter = board ? !board.printer.paired && !browserPrinting : false;
  // A declined or wholly refunded order is done too: it shows with its status, out of the kitchen's way.
  const done = orders.filter((order) => order.status === 'served' || !open(order));
  const refundOrder = orders.find((order) => order.orderId === refunding);
  const declineOrder = orders.find((order) => order.orderId === declining);
  const card = (order: LiveOrder) => (
    <li key={order.orderId}>
      <OrderCard
        order={order}
        moving={moving.has(order.orderId)}
        reprinting={reprinting.has(order.orderId)}
        onMove={onMove}
        readyInMinutes={{ value: readyIn, change: setReadyIn }}
        onReprint={onReprint}
        onRefund={may('refunds') ? (chosen) => setRefunding(chosen.orderId) : undefined}
        onDecline={(chosen) => setDeclining(chosen.orderId)}
        withoutPrinter={withoutPrinter}
      />
    </li>
  );

  return (
    <PageMain wide>
      {/* The console's header steps aside while this page is full screen (styles.css). */}
      <div data-kitchen-screen className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
        {/* On a phone the orders come first: the screen's controls wait behind this button (issue 29). */}
        <button
          type="button"
          aria-expanded={controlsOpen}
          aria-controls={controlsId}
          onClick={() => setControlsOpen((open) => !open)}
          className={`${bigSecondaryButtonClass} gap-2 md:hidden`}
          data-testid="live-controls-toggle"
        >
          <MenuIcon />
          {controlsOpen ? t.controlsHide : t.controlsShow}
        </button>
        <div
          id={controlsId}
          className={`${controlsOpen ? 'flex' : 'hidden'} w-full flex-wrap items-center gap-3 md:flex md:w-auto`}
          data-testid="live-controls"
        >
          <StaffPinControl buttonClass={bigSecondaryButtonClass} />
          <FullscreenButton />
          {board ? <PrinterChip printer={board.printer} withoutPrinter={withoutPrinter} /> : null}
          <BrowserSlipPrinting orders={board?.orders} onEnabledChange={setBrowserPrinting} />
          {may('settings.edit') ? <AutoAcceptSwitch consoleReadyIn={readyIn} /> : null}
          {may('settings.edit') ? <TestOrderButton className={bigSecondaryButtonClass} /> : null}
          <button
            type="button"
            aria-pressed={soundOn}
            onClick={toggleSound}
            className={`${bigSecondaryButtonClass} gap-2`}
            data-testid="sound-toggle"
          >
            <SpeakerIcon on={soundOn} />
            {t.sound}
            <span className="text-base font-normal">({soundOn ? t.soundOn : t.soundOff})</span>
          </button>
        </div>
      </div>
      <p className="mt-2 hidden text-lg text-muted md:block">{t.description}</p>
      <ConnectionLine state={connection} />
      {refundOrder ? (
        <RefundDialog
          target={targetOfLiveOrder(refundOrder)}
          open
          onOpenChange={(next) => (next ? undefined : setRefunding(null))}
        />
      ) : null}
      {declineOrder ? (
        <DeclineDialog
          order={declineOrder}
          open
          onOpenChange={(next) => (next ? undefined : setDeclining(null))}
          onDeclined={(saved) => updateBoard((current) => replaceOrder(current, saved))}
        />
      ) : null}
      <div className={controlsOpen ? '' : 'hidden md:block'}>
        {may('settings.edit') ? <OrderingPauseControl upcoming={upcoming} /> : null}
      </div>

      <WaitingTables answer={waiting.data} />
      {board ? (
        orders.length === 0 ? (
          <div className="mt-8 rounded-xl border border-line bg-surface p-8 text-center" data-testid="live-empty">
            <p className="text-2xl font-bold text-ink">{t.empty}</p>
            <p className="mt-2 text-lg text-muted">{t.emptyHint}</p>
          </div>
        ) : (
          <KitchenBoard
            columns={{ new: fresh, active: preparing, ready }}
            upcoming={upcoming}
            done={done}
            card={card}
          />
        )
      ) : query.isError ? (
        <div className="mt-8 rounded-xl border border-line bg-surface p-6" data-testid="live-error">
          <p className="text-lg font-bold text-danger">{t.loadError}</p>
          <p className="mt-1 text-muted">{errorDescription(query.error)}</p>
          <button type="button" className={`${secondaryButtonClass} mt-4`} onClick={() => void query.refetch()}>
            {t.retry}
          </button>
        </div>
      ) : (
        <BoardSkeleton />
      )}
    </PageMain>
  );
}

/**
 * The connection's state in words. The lost line is an alert (said at once); the others are a polite status. Both
 * regions stay in the page so that a change inside them is announced.
 */
function ConnectionLine({ state }: { state: ConnectionState }) {
  const lost = state === 'lost';
  const message =
    state === 'connected' ? t.connected : state === 'back' ? t.back : state === 'connecting' ? t.connecting : '';
  return (
    <div className="mt-4" data-testid="live-connection" data-state={state}>
      <div role="alert">
        {lost ? (
          <p className="rounded-lg border-2 border-danger bg-danger-50 px-4 py-3 text-lg font-bold text-danger">
            {t.lost}
          </p>
        ) : null}
      </div>
      <div role="status">
        {message ? (
          <p className="flex items-center gap-2 text-lg font-medium text-brand-700">
            <span aria-hidden="true" className="inline-block size-3 rounded-full bg-brand-700" />
            {message}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function PrinterChip({ printer, withoutPrinter }: { printer: LiveBoard['printer']; withoutPrinter: boolean }) {
  // The way to Settings only for a role that may set the printer up; the kitchen reads the fact (issue 31).
  const mayManage = roleMay(currentRole(), 'printer.manage');
  // No printer at all (none paired, the browser not printing): a calm fact with the way to set one up.
  if (withoutPrinter && !mayManage) {
    return (
      <span
        className="inline-flex min-h-12 items-center gap-2 rounded-full border border-line bg-surface px-4 text-lg text-ink"
        data-testid="printer-chip"
        data-online="false"
        data-tone="info"
      >
        {t.printerNone}
      </span>
    );
  }
  if (withoutPrinter) {
    return (
      <Link
        to="/settings"
        className="inline-flex min-h-12 items-center gap-2 rounded-full border border-line bg-surface px-4 text-lg text-ink hover:underline"
        data-testid="printer-chip"
        data-online="false"
        data-tone="info"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v6M12 7.5v.5" />
        </svg>
        {t.printerNone}
        <span className="text-base text-brand-700 underline">{t.printerNoneLink}</span>
      </Link>
    );
  }
  // No agent, the browser printing: its own switch says so, and there is no agent to be online.
  if (!printer.paired && !printer.isOnline) return null;
  // A paired agent that is offline is an alarm: the café has a printer and it is not printing.
  const text = printer.isOnline
    ? `${t.printerOnline}${printer.printerName ? `: ${printer.printerName}` : ''}`
    : t.printerOffline;
  const tone = printer.isOnline
    ? 'border-brand-700 bg-brand-50 text-brand-700'
    : 'border-danger bg-danger-50 text-danger';
  const chip = (
    <span
      className={`inline-flex min-h-12 items-center gap-2 rounded-full border px-4 text-lg font-medium ${tone}`}
      data-testid="printer-chip"
      data-online={printer.isOnline}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-3 rounded-full ${printer.isOnline ? 'bg-brand-700' : 'bg-danger'}`}
      />
      {text}
    </span>
  );
  if (printer.isOnline || !mayManage) return chip;
  return (
    <Link to="/settings" className="rounded-full hover:underline">
      {chip}
    </Link>
  );
}

function SpeakerIcon({ on }: { on: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M11 5 6 9H3v6h3l5 4z" fill="currentColor" />
      {on ? <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" /> : <path d="m16 9 5 6m0-6-5 6" />}
    </svg>
  );
}

/** The board's shape while today's orders are on their way: the columns and a few grey cards, announced as loading. */
function BoardSkeleton() {
  return (
    <div className="mt-6" aria-busy="true" data-testid="live-skeleton">
      <p role="status" className="sr-only">
        {t.loading}
      </p>
      <div aria-hidden="true" className="grid items-start gap-6 lg:grid-cols-3">
        {KITCHEN_COLUMNS.map((column, index) => (
          <div key={column} className={`${index === 0 ? 'flex' : 'hidden lg:flex'} flex-col gap-4`}>
            <div className="h-8 w-32 rounded-lg bg-line motion-safe:animate-pulse" />
            {[0, 1].map((card) => (
              <div key={card} className="h-40 rounded-xl border border-line bg-surface motion-safe:animate-pulse" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}
