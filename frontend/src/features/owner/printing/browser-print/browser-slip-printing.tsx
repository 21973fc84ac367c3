// The live console's "print through the browser": when on, each order that arrives paid while the console is open is
// printed with window.print(), one at a time, on 58 or 80 mm paper. The choice is kept in this browser only: it
// belongs to the computer that has the printer.
import type { LiveOrder } from '@tafrit/contracts/sockets';
import type { PaperWidth } from '@tafrit/contracts/printing';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { roleMay } from '@tafrit/contracts/roles';
import { recordSetupAction } from '../../shared/api/setup';
import { currentRole } from '../../sign-in/handover';
import { bigSecondaryButtonClass } from '../../live-orders/order-card';
import { clearPrint, loadPreference, preparePrint, savePreference } from './browser-print';
import { PrintRoot } from './print-root';
import { SlipView } from './slip-view';
import { hePrinting } from './strings';

const t = hePrinting.live;

export function BrowserSlipPrinting({
  orders,
  onEnabledChange,
}: {
  orders: readonly LiveOrder[] | undefined;
  /** Told when the owner turns browser printing on or off (the console then words its print state). */
  onEnabledChange?: (enabled: boolean) => void;
}) {
  const [preference, setPreference] = useState(loadPreference);
  // The slip being printed, kept drawn afterwards: the page's print rule then shows the last slip alone.
  const [slip, setSlip] = useState<LiveOrder | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const queue = useRef<LiveOrder[]>([]);
  const printed = useRef<string | null>(null);
  // Orders already on the board when the console opened (or when printing was turned on) are not printed again.
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!orders) return;
    if (!seen.current || !preference.enabled) {
      seen.current = new Set(orders.map((order) => order.orderId));
      return;
    }
    // The board lists the newest first; slips come out in the order the orders were paid.
    for (const order of [...orders].reverse()) {
      if (seen.current.has(order.orderId)) continue;
      seen.current.add(order.orderId);
      if (order.status === 'paid') queue.current.push(order);
    }
    if ((!slip || printed.current === slip.orderId) && queue.current.length > 0) setSlip(queue.current.shift() ?? null);
  }, [orders, preference.enabled, slip]);

  // Drawn first, then sized and printed; window.print() returns once the job is sent (or its dialog closed).
  useLayoutEffect(() => {
    if (!slip || printed.current === slip.orderId) return;
    printed.current = slip.orderId;
    preparePrint(preference.paper);
    window.print();
    setAnnouncement(t.printed(slip.orderNumber));
    const next = queue.current.shift();
    if (next) setSlip(next);
  }, [slip, preference.paper]);

  // A new paper width applies to the slip on show too (the page's Ctrl+P prints it).
  useLayoutEffect(() => {
    if (slip && preference.enabled && printed.current === slip.orderId) preparePrint(preference.paper);
  }, [slip, preference.enabled, preference.paper]);

  useEffect(() => () => clearPrint(), []);

  function change(next: { enabled?: boolean; paper?: PaperWidth }) {
    const updated = { ...preference, ...next };
    setPreference(updated);
    savePreference(updated);
    onEnabledChange?.(updated.enabled);
    // The first-run checklist's printing step (decision 034): this browser's setting, which the server cannot see.
    // Quiet: the checklist asks again when it is next shown.
    // Only a role that keeps the checklist records it: a kitchen screen's switch is its own business.
    if (updated.enabled && !preference.enabled && roleMay(currentRole(), 'settings.edit')) {
      recordSetupAction('browser_printing').catch(() => undefined);
    }
    if (!updated.enabled) clearPrint();
  }

  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="browser-printing">
      <button
        type="button"
        aria-pressed={preference.enabled}
        onClick={() => change({ enabled: !preference.enabled })}
        className={`${bigSecondaryButtonClass} gap-2`}
        data-testid="browser-printing-toggle"
      >
        {t.toggle}
        <span className="text-base font-normal">({preference.enabled ? t.on : t.off})</span>
      </button>
      {preference.enabled ? (
        <label className="flex items-center gap-2 text-lg">
          {t.paper}
          <select
            value={preference.paper}
            onChange={(event) => change({ paper: event.target.value === '58mm' ? '58mm' : '80mm' })}
            className="min-h-12 rounded-lg border border-line bg-surface px-3"
          >
            <option value="80mm">80 מ״מ</option>
            <option value="58mm">58 מ״מ</option>
          </select>
        </label>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {slip && preference.enabled ? (
        <PrintRoot>
          <SlipView order={slip} paper={preference.paper} />
        </PrintRoot>
      ) : null}
    </div>
  );
}
