// The platform's commission tax invoice to a business and its credit documents (decision 025): the business
// invoice's sheet, stylesheet and rules (RTL Hebrew, every value escaped, numbers isolated left to right).
import { formatIsraelDateTime, type PlatformInvoiceEventData } from '@tafrit/contracts';
import { escapeHtml } from '../../../platform/http/html-escape.js';
import { ltr, money, page, WITHOUT_ALLOCATION } from '../../invoicing/index.js';

type Invoice = PlatformInvoiceEventData['PlatformInvoiceIssued'];
type Credit = PlatformInvoiceEventData['PlatformCreditIssued'];

/** '2026-10' -> '10/2026', the way a month is written on Israeli documents. */
const monthText = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`;

export function platformDocumentPage(
  document: Invoice | Credit,
  customer: { dealerNumber: string | null },
  credited: Invoice | null,
): string {
  const isCredit = 'creditNumber' in document;
  const number = String(isCredit ? document.creditNumber : document.invoiceNumber);
  const kind = isCredit ? 'חשבונית מס זיכוי' : 'חשבונית מס';
  const title = `${kind} ${number}`;
  const { issuer } = document;
  const description = isCredit
    ? `זיכוי עמלת שירות (5% מהמכירות) לחודש ${ltr(monthText(document.month))}, בגין החזרים ללקוחות`
    : `עמלת שירות: 5% מהמכירות שנשמרו (לאחר החזרים) בחודש ${ltr(monthText(document.month))}`;
  const original =
    isCredit && credited ? `<dt>זיכוי לחשבונית מס מס'</dt><dd>${ltr(String(credited.invoiceNumber))}</dd>` : '';
  // The invoice's allocation number (decision 049), or that it went out without the one it needed.
  const allocation = isCredit
    ? ''
    : document.allocation
      ? `<dt>מספר הקצאה</dt><dd>${ltr(document.allocation.number)}</dd>`
      : document.withoutAllocation
        ? `<dt>מספר הקצאה</dt><dd>${WITHOUT_ALLOCATION}</dd>`
        : '';
  const customerDealer = customer.dealerNumber
    ? `<dt>עוסק מורשה / ח.פ. של הלקוח</dt><dd>${ltr(customer.dealerNumber)}</dd>`
    : '';
  const body =
    '<main class="sheet">' +
    '<p class="hint screen-only">להדפסה או לשמירה כקובץ PDF: בתפריט הדפדפן בחרו "הדפסה" (Ctrl+P). ' +
    'העמוד מותאם לדף A4.</p>' +
    `<header><div class="seller"><h1>${escapeHtml(issuer.name)}</h1>` +
    `<p>עוסק מורשה / ח.פ. ${ltr(issuer.dealerNumber)}</p><p>${escapeHtml(issuer.address)}</p></div>` +
    `<div class="doc"><h2>${kind} מס' ${ltr(number)}</h2><p class="original">מקור</p></div>` +
    '</header><dl class="meta">' +
    `<dt>תאריך</dt><dd>${ltr(formatIsraelDateTime(document.issuedAt))}</dd>` +
    `<dt>לכבוד</dt><dd>${escapeHtml(document.businessName)}</dd>${customerDealer}${original}${allocation}` +
    '</dl>' +
    '<table class="lines"><thead><tr><th scope="col">תיאור</th><th scope="col" class="num">סה"כ</th></tr></thead>' +
    `<tbody><tr><td>${description}</td><td class="num">${money(document.totalAgorot)}</td></tr></tbody></table>` +
    '<table class="totals"><tbody>' +
    `<tr><th scope="row">${isCredit ? 'זיכוי' : 'סכום'} לפני מע"מ</th><td class="num">${money(document.beforeVatAgorot)}</td></tr>` +
    `<tr><th scope="row">מע"מ ${document.vatRatePercent}%</th><td class="num">${money(document.vatAgorot)}</td></tr>` +
    `<tr class="grand"><th scope="row">${isCredit ? 'סה"כ זיכוי' : 'סה"כ לתשלום'}</th>` +
    `<td class="num">${money(document.totalAgorot)}</td></tr>` +
    '</tbody></table>' +
    '<section class="payment"><h3>אופן התשלום</h3>' +
    (isCredit
      ? '<p>הזיכוי יקוזז מההעברה החודשית הבאה לעסק.</p>'
      : '<p>העמלה נוכתה מהתקבולים שהועברו לעסק בהעברה החודשית.</p>') +
    '</section>' +
    '<footer>הסכומים כוללים מע"מ. מסמך ממוחשב.</footer>' +
    '</main>';
  return page({ title, body });
}
