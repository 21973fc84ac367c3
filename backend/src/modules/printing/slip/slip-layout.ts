import { formatShekels, isolatedText, quantityLine, withoutDirectionControls } from '@tafrit/contracts';
import { slipFonts } from './fonts.js';
import { type SlipContent, slipOptionRows } from './slip-content.js';
import { createComposer } from './svg-composer.js';
import type { PaymentMethod } from '@tafrit/contracts';
import { type Style } from './text-layout.js';

// Israel time whatever the server's zone; en-GB gives day/month/year with a 24-hour clock.
const ISRAEL_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Jerusalem',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 21/11/2026 14:05 */
/** How the diner paid, under "שולם" (a card says nothing: it is what a slip always meant). */
const SLIP_METHOD: Record<PaymentMethod, string | null> = { card: null, bit: 'בביט', google_pay: 'ב-Google Pay' };

export function formatIsraelTime(at: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    ISRAEL_TIME.formatToParts(at).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/**
 * The slip as SVG, right to left and right-aligned. Sizes are set for 80 mm (576 dots) and scaled for 58 mm:
 * a kitchen reads the slip from arm's length, so the order number and the items are large.
 */
export function slipSvg(content: SlipContent, width: number): { svg: string; height: number } {
  const { regular, bold } = slipFonts();
  const k = width / 576;
  const s = (size: number, heavy = false): Style => ({ face: heavy ? bold : regular, size: Math.round(size * k) });
  const dots = (n: number): number => Math.max(1, Math.round(n * k));
  const c = createComposer(width, dots(8));

  // Text a person typed (the business's name, product names, choices, remarks) is isolated and without direction
  // controls (issue 29): events recorded before the contracts removed them still carry them, and an override left
  // open in a remark printed its "123" as "321".
  c.text(isolatedText(content.businessName), s(44, true), { align: 'center' });
  c.space(dots(6));
  if (content.kind === 'test' || content.orderNumber === null) {
    c.text('הדפסת ניסיון', s(68, true), { align: 'center' });
  } else {
    c.text(`הזמנה ${content.orderNumber}`, s(96, true), { align: 'center' });
  }
  c.text(formatIsraelTime(content.at), s(34), { align: 'center' });
  if (content.tableNumber !== null) c.text(`שולחן ${content.tableNumber}`, s(56, true), { align: 'center' });
  // The time the diner comes for it (issue 33): its clock time only, the date is today's.
  if (content.pickupAt)
    c.text(`לאיסוף ב-${formatIsraelTime(content.pickupAt).slice(-5)}`, s(56, true), { align: 'center' });
  if (content.kind === 'cancelled') {
    // White on black across the slip, as large as the order number: the cook must not miss that it is off.
    c.space(dots(12));
    const top = c.y;
    c.space(dots(10));
    c.text('בוטלה', s(96, true), { align: 'center', inverted: true });
    c.text('אין להכין את ההזמנה', s(44, true), { align: 'center', inverted: true });
    c.space(dots(10));
    c.box(top, c.y, { filled: true });
  }
  c.space(dots(10));
  c.rule(dots(4));
  c.space(dots(10));

  for (const line of content.lines) {
    c.row(
      quantityLine(line.quantity, isolatedText(line.name)),
      s(40),
      formatShekels(line.lineTotalAgorot),
      s(34),
      dots(20),
    );
    // The choices indented under their line; a "without" row white on black, as the remarks are.
    for (const row of slipOptionRows(line)) {
      const inset = { left: 0, right: dots(36) };
      if (!row.without) {
        c.text(row.text, s(34), { inset });
        continue;
      }
      c.space(dots(4));
      const top = c.y;
      c.space(dots(4));
      c.text(row.text, s(36, true), { inverted: true, inset: { left: dots(8), right: dots(44) } });
      c.space(dots(4));
      c.box(top, c.y, { filled: true });
    }
    c.space(dots(8));
  }
  c.space(dots(2));
  c.rule(dots(4));

  if (content.kind === 'cancelled') return c.svg(dots(24)); // the lines say which order; no remarks or total

  // Remarks of nothing but controls (kept in an event from before issue 29) are no remarks.
  const remarks = withoutDirectionControls(content.remarks ?? '').trim();
  if (remarks) {
    // White on black: the one thing on the slip a cook must not miss.
    c.space(dots(14));
    const top = c.y;
    const pad = dots(14);
    c.space(pad);
    c.text('הערות:', s(36, true), { inverted: true, inset: { left: pad, right: pad } });
    c.text(isolatedText(remarks), s(38, true), { inverted: true, inset: { left: pad, right: pad } });
    c.space(pad);
    c.box(top, c.y, { filled: true });
  }

  c.space(dots(14));
  if (content.tipAgorot) c.text(`מזה טיפ ${formatShekels(content.tipAgorot)}`, s(34));
  c.text(`סה״כ ${formatShekels(content.totalAgorot)}`, s(48, true));
  if (content.kind === 'order') {
    c.space(dots(12));
    const top = c.y;
    const stroke = dots(6);
    c.space(stroke + dots(4));
    if (content.testOrder) {
      // A test order was never charged: the box says so where a real order says "שולם".
      c.text('הזמנת בדיקה', s(56, true), { align: 'center' });
      c.text('לא לתשלום', s(34, true), { align: 'center' });
    } else if (content.tabRound) {
      // A tab's round goes to the kitchen before anyone pays: the table pays its bill at the end.
      c.text(`סבב ${content.tabRound}`, s(56, true), { align: 'center' });
      c.text('חשבון פתוח', s(34, true), { align: 'center' });
    } else {
      c.text(content.paid ? 'שולם' : 'לא שולם', s(64, true), { align: 'center' });
      const method = content.paymentMethod ? SLIP_METHOD[content.paymentMethod] : null;
      if (content.paid && method) c.text(method, s(34, true), { align: 'center' });
    }
    c.space(stroke + dots(4));
    c.box(top, c.y, { filled: false, stroke });
  }
  return c.svg(dots(24));
}
