// The printable credit tax document (חשבונית מס זיכוי) of a refund: the invoice page's sheet, stylesheet and rules
// (RTL Hebrew, every value escaped, numbers isolated left to right), naming the invoice it credits.
import { formatIsraelDateTime } from '@tafrit/contracts';
import type { CreditView } from '../application/credit-view.js';
import { buyerHtml, discountRow, ltr, money, page, sellerHtml, typed } from './invoice-html.js';

export function creditPage(view: CreditView): string {
  const title = `חשבונית מס זיכוי ${view.creditNumber}`;
  const seller = sellerHtml(view.seller);
  const rows = view.lines
    .map(
      (line) =>
        `<tr><td>${typed(line.name)}</td><td class="num">${ltr(String(line.quantity))}</td>` +
        `<td class="num">${money(line.unitPriceAgorot)}</td>` +
        `<td class="num">${money(line.unitPriceAgorot * line.quantity)}</td></tr>`,
    )
    .join('');
  const original =
    view.originalInvoiceNumber === null
      ? ''
      : `<dt>זיכוי לחשבונית מס/קבלה מס'</dt><dd>${ltr(view.originalInvoiceNumber)}</dd>`;
  const body =
    '<main class="sheet">' +
    '<p class="hint screen-only">להדפסה או לשמירה כקובץ PDF: בתפריט הדפדפן בחרו "הדפסה" (Ctrl+P). ' +
    'העמוד מותאם לדף A4.</p>' +
    `<header><div class="seller">${seller}</div>` +
    `<div class="doc"><h2><span class="nowrap">חשבונית מס זיכוי</span> <span class="nowrap">מס' ${ltr(view.creditNumber)}</span></h2>` +
    // Our own credit document is the original; the provider's, shown here when it gave no address, is a copy.
    (view.source === 'platform'
      ? '<p class="original">מקור</p></div>'
      : '<p class="copy">העתק: המסמך המקורי הופק על ידי חברת הסליקה</p></div>') +
    '</header>' +
    buyerHtml(view.buyer) +
    '<dl class="meta">' +
    `<dt>תאריך</dt><dd>${ltr(formatIsraelDateTime(view.issuedAt))}</dd>` +
    `<dt>הזמנה מס'</dt><dd>${ltr(`#${view.orderNumber}`)}</dd>${original}` +
    `<dt>סיבת ההחזר</dt><dd>${typed(view.reason)}</dd>` +
    '</dl>' +
    '<table class="lines"><thead><tr><th scope="col">תיאור</th><th scope="col" class="num">כמות</th>' +
    '<th scope="col" class="num">מחיר ליחידה</th><th scope="col" class="num">סה"כ</th></tr></thead>' +
    `<tbody>${rows}${discountRow(view.discountAgorot ?? 0, view.promoCode ?? null)}</tbody></table>` +
    '<table class="totals"><tbody>' +
    `<tr><th scope="row">זיכוי לפני מע"מ</th><td class="num">${money(view.beforeVatAgorot)}</td></tr>` +
    `<tr><th scope="row">מע"מ ${view.vatRatePercent}%</th><td class="num">${money(view.vatAgorot)}</td></tr>` +
    (view.tipAgorot > 0
      ? `<tr><th scope="row">החזר תשר (טיפ, מחוץ לבסיס המע"מ)</th><td class="num">${money(view.tipAgorot)}</td></tr>`
      : '') +
    `<tr class="grand"><th scope="row">סה"כ זיכוי</th><td class="num">${money(view.totalAgorot)}</td></tr>` +
    '</tbody></table>' +
    '<section class="payment"><h3>פרטי ההחזר</h3>' +
    `<p>הוחזר לכרטיס האשראי שבו שולמה ההזמנה: ${money(view.totalAgorot)}</p></section>` +
    '<footer>הסכומים כוללים מע"מ. מסמך ממוחשב.</footer>' +
    '</main>';
  return page({ title, body });
}
