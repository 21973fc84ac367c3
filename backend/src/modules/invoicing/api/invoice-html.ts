// The printable tax invoice receipt (חשבונית מס/קבלה), rendered on the server as one self-contained A4 page in
// Hebrew, right to left. No script: printing is the browser's own (a hint on screen, hidden on paper). Every value
// is escaped, since business names, product names and remarks are user input. The app's CSP allows inline styles
// (style-src 'unsafe-inline'), so the page carries its stylesheet inline and needs no second request.
import {
  choicesText,
  formatIsraelDateTime,
  formatIsraeliMobile,
  formatShekels,
  type BuyerBlock,
  type PaymentMethod,
  type SellerBlock,
  withoutDirectionControls,
} from '@tafrit/contracts';
import { escapeHtml } from '../../../platform/http/html-escape.js';
import type { InvoiceView } from '../application/invoice-view.js';
import { WITHOUT_ALLOCATION } from '../pdf/tax-document-pdf.js';

/** Numbers, prices and ids inside Hebrew text read left to right. */
export const ltr = (value: string): string => `<bdi dir="ltr">${escapeHtml(value)}</bdi>`;
export const money = (agorot: number): string => ltr(formatShekels(agorot));
/**
 * Text a person typed (names, the address, a reason): escaped, without direction controls (issue 29: events recorded
 * before the contracts removed them still carry them) and isolated, so nothing in it turns the text around it.
 */
export const typed = (value: string): string => `<bdi>${escapeHtml(withoutDirectionControls(value))}</bdi>`;

const STYLE = `
  @page { size: A4; margin: 15mm; }
  * { box-sizing: border-box; }
  /* The app's own font stack (frontend/src/theme.css): the device's fonts, nothing downloaded. */
  html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Hebrew", "Arial Hebrew", Arial, sans-serif;
    color: #1a1a1a; }
  body { margin: 0; background: #f2f2f2; line-height: 1.5; }
  .sheet { width: 210mm; min-height: 297mm; margin: 16px auto; padding: 18mm 15mm; background: #fff;
    box-shadow: 0 1px 6px rgba(0, 0, 0, 0.15); }
  .hint { margin: 0 0 12mm; padding: 8px 12px; border: 1px dashed #888; border-radius: 6px; font-size: 14px; }
  header { display: flex; justify-content: space-between; gap: 12mm; border-bottom: 2px solid #1a1a1a;
    padding-bottom: 6mm; margin-bottom: 6mm; }
  h1 { margin: 0; font-size: 22px; }
  h2 { margin: 0; font-size: 20px; }
  .doc { text-align: end; }
  .seller p { margin: 2px 0 0; }
  .buyer { margin: 0 0 6mm; }
  .buyer p { margin: 0; }
  .buyer .label { font-weight: 600; }
  /* The document's name and its number each stay whole; on a phone the header stacks instead of squeezing them. */
  .nowrap { white-space: nowrap; }
  .original { display: inline-block; margin-top: 4px; padding: 1px 10px; border: 2px solid #1a1a1a; font-weight: 700; }
  .copy { font-size: 13px; }
  dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 6mm; }
  dl.meta dt { font-weight: 600; }
  dl.meta dd { margin: 0; }
  table { width: 100%; border-collapse: collapse; }
  th, td { padding: 6px 8px; border-bottom: 1px solid #ccc; text-align: start; }
  th { background: #f2f2f2; }
  td.num, th.num { text-align: end; white-space: nowrap; }
  .choices { font-size: 0.85em; color: #444; }
  table.totals { width: auto; min-width: 50%; margin-inline-start: auto; margin-top: 6mm; }
  table.totals th { background: none; font-weight: 600; }
  table.totals tr.grand th, table.totals tr.grand td { font-size: 18px; font-weight: 700; border-bottom: 2px solid #1a1a1a; }
  .payment { margin-top: 8mm; }
  h3 { margin: 0 0 2mm; font-size: 16px; }
  footer { margin-top: 12mm; font-size: 12px; color: #555; }
  .notice { max-width: 36rem; margin: 15vh auto; padding: 24px; background: #fff; border-radius: 8px; text-align: center; }
  @media screen and (max-width: 220mm) { .sheet { width: auto; min-height: 0; margin: 0; padding: 16px; } }
  @media screen and (max-width: 36rem) {
    header { flex-direction: column; gap: 4mm; }
    .doc { text-align: start; }
    h1 { font-size: 20px; }
    h2 { font-size: 18px; }
  }
  @media print {
    body { background: #fff; }
    .sheet { width: auto; min-height: 0; margin: 0; padding: 0; box-shadow: none; }
    .screen-only { display: none; }
    th { background: none; }
    tr { break-inside: avoid; }
  }
`;

/** The seller's block at the head of every tax document: name, dealer number, address and phone (issue 17). */
export function sellerHtml(seller: SellerBlock | null): string {
  if (!seller) return '<h1>בית העסק</h1>';
  const address = [seller.street, seller.city].filter(Boolean).join(', ');
  const phone = formatIsraeliMobile(seller.phone) ?? seller.phone;
  return (
    `<h1>${typed(seller.name)}</h1><p>עוסק מורשה / ח.פ. ${ltr(seller.dealerNumber)}</p>` +
    (address ? `<p>${typed(address)}</p>` : '') +
    `<p>טלפון ${ltr(phone)}</p>`
  );
}

/**
 * The buyer the document is made out to (issue 32): "לכבוד" the business, with its ח.פ. or עוסק מורשה number isolated
 * left to right. Nothing for a private diner's document.
 */
/** The allocation number the document carries, or that it was issued without the one it needed (decision 049). */
function allocationHtml(view: { allocationNumber: string | null; withoutAllocation: boolean }): string {
  if (view.allocationNumber !== null) return `<dt>מספר הקצאה</dt><dd>${ltr(view.allocationNumber)}</dd>`;
  return view.withoutAllocation ? `<dt>מספר הקצאה</dt><dd>${WITHOUT_ALLOCATION}</dd>` : '';
}

export function buyerHtml(buyer: BuyerBlock | null): string {
  if (!buyer) return '';
  return (
    `<section class="buyer" data-testid="buyer"><p><span class="label">לכבוד:</span> ${typed(buyer.name)}, ` +
    `ח.פ./ע.מ. ${ltr(buyer.taxId)}</p></section>`
  );
}

/** A whole document page (the credit document's too): RTL Hebrew, its stylesheet inline. */
export function page({
  title,
  body,
  refreshSeconds,
}: {
  title: string;
  body: string;
  refreshSeconds?: number;
}): string {
  return (
    '<!doctype html>\n<html lang="he" dir="rtl"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex, nofollow">' +
    (refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : '') +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

/** The same page for an unknown order, a wrong token and someone else's invoice: nothing is revealed. */
export function notFoundPage(): string {
  return page({
    title: 'החשבונית לא נמצאה',
    body:
      '<main class="notice"><h1>החשבונית לא נמצאה</h1>' +
      '<p>הקישור אינו תקין או שפג תוקפו. אפשר לפתוח את החשבונית מהקישור שבדף התודה או לפנות לבית העסק.</p></main>',
  });
}

/** Paid but not issued yet (the processor runs right after the payment): the page reloads itself until it is. */
export function notIssuedPage(view: Extract<InvoiceView, { status: 'pending' | 'failed' }>): string {
  const order = `הזמנה מס' ${ltr(`#${view.orderNumber}`)}`;
  if (view.status === 'failed') {
    return page({
      title: 'החשבונית לא הופקה',
      body:
        `<main class="notice"><h1>החשבונית לא הופקה</h1><p>${order}: לא הצלחנו להפיק את החשבונית באופן אוטומטי. ` +
        'בית העסק יקבל הודעה ויטפל בכך; אפשר גם לפנות אליו ישירות.</p></main>',
    });
  }
  return page({
    title: 'החשבונית עדיין בהפקה',
    refreshSeconds: 5,
    body:
      `<main class="notice"><h1>החשבונית עדיין בהפקה</h1><p>${order}: החשבונית תופיע כאן בעוד רגע. ` +
      'הדף יתרענן מעצמו.</p></main>',
  });
}

function paymentLine(
  card: { last4: string | null; brand: string | null; method: PaymentMethod },
  totalAgorot: number,
): string {
  // A wallet names itself; Google Pay pays with a card whose last digits the provider may still give.
  if (card.method === 'bit') return `ביט: ${money(totalAgorot)}`;
  if (card.method === 'google_pay') return `<span lang="en" dir="ltr">Google Pay</span>: ${money(totalAgorot)}`;
  const brand = card.brand ? ` ${escapeHtml(card.brand)}` : '';
  const last4 = card.last4 && /^\d{4}$/.test(card.last4) ? ` המסתיים בספרות ${ltr(card.last4)}` : '';
  return `כרטיס אשראי${brand}${last4}: ${money(totalAgorot)}`;
}

/** The line's choices under its name (the unit price already includes them), as they were when it was ordered. */
function choices(line: Extract<InvoiceView, { status: 'issued' }>['lines'][number]): string {
  // Each name escaped and isolated; the rest of the wording (prices, "בלי", commas) is the contracts' own text.
  const text = choicesText(line.options, typed);
  return text ? `<br><span class="choices">${text}</span>` : '';
}

/**
 * The diner's tip: apart from the sale and outside its VAT (decision 027: the Israeli sources leave its VAT open, so
 * the document does not put it in the VAT base), inside the total paid.
 */
function tipRow(tipAgorot: number): string {
  if (tipAgorot <= 0) return '';
  return `<tr><th scope="row">תשר (טיפ, מחוץ לבסיס המע"מ)</th><td class="num">${money(tipAgorot)}</td></tr>`;
}

/**
 * A promo code's discount (issue 33): one line below the items, as a negative amount. The sums before VAT and the VAT
 * under it are of what was paid, after the discount.
 */
export function discountRow(discountAgorot: number, promoCode: string | null): string {
  if (discountAgorot <= 0) return '';
  const code = promoCode ? ` (קוד ${ltr(promoCode)})` : '';
  return (
    `<tr class="discount"><td>הנחה${code}</td><td class="num">${ltr('1')}</td>` +
    `<td class="num">${money(-discountAgorot)}</td><td class="num">${money(-discountAgorot)}</td></tr>`
  );
}

/** The tax invoice receipt itself. */
export function invoicePage(view: Extract<InvoiceView, { status: 'issued' }>): string {
  const title = `חשבונית מס/קבלה ${view.invoiceNumber}`;
  const seller = sellerHtml(view.seller);
  // Our own document is the original; a provider's document shown here (it gave no address of its own) is a copy.
  const mark =
    view.source === 'platform'
      ? '<p class="original">מקור</p>'
      : '<p class="copy">העתק: המסמך המקורי הופק על ידי חברת הסליקה</p>';
  const rows = view.lines
    .map(
      (line) =>
        `<tr><td>${typed(line.name)}${choices(line)}</td><td class="num">${ltr(String(line.quantity))}</td>` +
        `<td class="num">${money(line.unitPriceAgorot)}</td>` +
        `<td class="num">${money(line.unitPriceAgorot * line.quantity)}</td></tr>`,
    )
    .join('');
  const table = view.tableNumber === null ? '' : `<dt>שולחן</dt><dd>${ltr(String(view.tableNumber))}</dd>`;
  const body =
    '<main class="sheet">' +
    '<p class="hint screen-only">להדפסה או לשמירה כקובץ PDF: בתפריט הדפדפן בחרו "הדפסה" (Ctrl+P). ' +
    'העמוד מותאם לדף A4.</p>' +
    `<header><div class="seller">${seller}</div>` +
    `<div class="doc"><h2><span class="nowrap">חשבונית מס/קבלה</span> <span class="nowrap">מס' ${ltr(view.invoiceNumber)}</span></h2>${mark}</div></header>` +
    buyerHtml(view.buyer) +
    '<dl class="meta">' +
    `<dt>תאריך</dt><dd>${ltr(formatIsraelDateTime(view.issuedAt))}</dd>` +
    `<dt>הזמנה מס'</dt><dd>${ltr(`#${view.orderNumber}`)}</dd>${table}` +
    allocationHtml(view) +
    '</dl>' +
    '<table class="lines"><thead><tr><th scope="col">תיאור</th><th scope="col" class="num">כמות</th>' +
    '<th scope="col" class="num">מחיר ליחידה</th><th scope="col" class="num">סה"כ</th></tr></thead>' +
    `<tbody>${rows}${discountRow(view.discountAgorot, view.promoCode)}</tbody></table>` +
    '<table class="totals"><tbody>' +
    `<tr><th scope="row">סכום לפני מע"מ</th><td class="num">${money(view.beforeVatAgorot)}</td></tr>` +
    `<tr><th scope="row">מע"מ ${view.vatRatePercent}%</th><td class="num">${money(view.vatAgorot)}</td></tr>` +
    tipRow(view.tipAgorot) +
    `<tr class="grand"><th scope="row">סה"כ לתשלום</th><td class="num">${money(view.totalAgorot)}</td></tr>` +
    '</tbody></table>' +
    `<section class="payment"><h3>פרטי תשלום</h3><p>${paymentLine(view.card, view.totalAgorot)}</p></section>` +
    '<footer>המחירים כוללים מע"מ. מסמך ממוחשב.</footer>' +
    '</main>';
  return page({ title, body });
}
