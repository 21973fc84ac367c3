import { formatShekels } from '@tafrit/contracts';
import { languageDirection, type DinerLanguage } from '@tafrit/contracts/languages';
import { escapeHtml } from '../../../platform/http/html-escape.js';
import { SANDBOX_CARDS } from './card-checks.js';
import type { CardForm, SandboxPage } from './sandbox-payment-provider.js';
import { sandboxWords, type SandboxWords } from './sandbox-words.js';

export interface SandboxPageView {
  page: SandboxPage;
  values?: Partial<CardForm>;
  fields?: Partial<Record<keyof CardForm, string>>;
  /** A declined card's message, shown above the form with the chance to try again. */
  declined?: string;
  /** The diner's language (the cookie their pages set, else the browser's): Hebrew unless said. */
  language?: DinerLanguage;
}

/** A provider message (Hebrew) in the page's language, or as it is, marked as Hebrew when the page is not. */
function message(words: SandboxWords, language: DinerLanguage, text: string): string {
  const known = words.messages[text];
  if (known !== undefined || language === 'he') return escapeHtml(known ?? text);
  return `<span lang="he" dir="rtl">${escapeHtml(text)}</span>`;
}

// Sized for the checkout's frame: 600 px high (product spec) on a 390 px phone, the page fits without scrolling, the
// decline or the field errors and the pay button included (issue 15, item 9). Text is at least 13 px, inputs 16 px
// (smaller makes phones zoom in).
const STYLE = `
  *{box-sizing:border-box} body{margin:0;font-family:Heebo,Arial,sans-serif;background:#f4f6f8;color:#1a202c;line-height:1.35}
  main{max-width:460px;margin:0 auto;padding:8px 10px}
  p{margin:0}
  .test{background:#fff4d6;border:2px dashed #8a5a00;color:#5c3d00;border-radius:8px;padding:4px 8px;font-size:.8125rem;font-weight:700}
  .card{background:#fff;border-radius:12px;padding:8px 14px 10px;margin-top:6px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
  .head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:0 12px}
  h1{font-size:1.125rem;margin:0} .amount{font-size:1.25rem;font-weight:700}
  .description{font-size:.875rem;color:#4a5568}
    .field{margin-top:4px} label{font-weight:600;font-size:.9375rem} .hint{font-size:.8125rem;color:#4a5568;font-weight:400}
  input{display:block;width:100%;font-size:1rem;padding:7px 10px;border:1px solid #4a5568;border-radius:8px;margin-top:2px}
  input:focus{outline:3px solid #1d4ed8;outline-offset:1px}
  .row{display:flex;gap:12px} .row>div{flex:1}
  .error{color:#b91c1c;font-weight:600;font-size:.875rem} [aria-invalid=true]{border-color:#b91c1c}
  .alert{background:#fde8e8;border:1px solid #b91c1c;color:#7f1d1d;border-radius:8px;padding:6px 10px;margin-top:6px;font-size:.9375rem}
  button{width:100%;margin-top:8px;font-size:1.125rem;font-weight:700;padding:10px;border:0;border-radius:8px;
    background:#166534;color:#fff;cursor:pointer} button:focus{outline:3px solid #1d4ed8;outline-offset:2px}
  .secure{font-size:.8125rem;color:#4a5568;margin-top:6px;text-align:center}
  .wallet button{background:#000;margin-top:6px;padding:8px} .or{font-size:.875rem;color:#4a5568;margin-top:4px}
  .bit button{background:#0b4f6c} a{color:#1d4ed8}`;

function field(
  view: SandboxPageView,
  words: SandboxWords,
  name: keyof CardForm,
  label: string,
  attributes: string,
  hint?: string,
): string {
  const id = `card-${name}`;
  const error = view.fields?.[name];
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  // The card number and CVV are never echoed back into the page.
  const value = name === 'name' || name === 'expiry' ? (view.values?.[name] ?? '') : '';
  // The hint sits on the label's line (one line instead of two), outside the label: the field's description, not its name.
  return `<div class="field">
    <label for="${id}">${label}</label>${hint ? ` <span class="hint" id="${id}-hint">(${hint})</span>` : ''}
    <input id="${id}" name="${name}" ${attributes} value="${escapeHtml(value)}" required
      ${described ? `aria-describedby="${described}"` : ''} ${error ? 'aria-invalid="true"' : ''}>
    ${error ? `<p class="error" id="${id}-error">${message(words, view.language ?? 'he', error)}</p>` : ''}
  </div>`;
}

/** A test card's number in groups of four, isolated: in a right-to-left line its groups would otherwise swap places. */
function card(digits: string): string {
  return `<bdi dir="ltr">${digits.replace(/(\d{4})(?=\d)/g, '$1 ')}</bdi>`;
}

/** Order numbers (`#12`) inside escaped text, isolated so `#` and the digits stay together and in order. */
function isolateNumbers(escaped: string): string {
  return escaped.replace(/#\d+/g, (number) => `<bdi dir="ltr">${number}</bdi>`);
}

/**
 * The page's description ("{business} - הזמנה #12", the provider's Hebrew) in the page's language: the business's name
 * as the owner wrote it (marked as Hebrew on another language's page), then the order and its number.
 */
function description(page: SandboxPage, words: SandboxWords, language: DinerLanguage): string {
  const match = /^(.*) - הזמנה (#\d+)$/s.exec(page.description);
  if (language === 'he' || !match) {
    const text = isolateNumbers(escapeHtml(page.description));
    return language === 'he' ? text : `<span lang="he" dir="rtl">${text}</span>`;
  }
  const [, business = '', number = ''] = match;
  return `<bdi lang="he" dir="rtl">${escapeHtml(business)}</bdi> - ${words.order} <bdi dir="ltr">${number}</bdi>`;
}

/** The top of the card page and of Bit's: the document's head (with `extra` before the style) and the open <main>. */
function pageTop(language: DinerLanguage, title: string, extra = ''): string {
  return `<!doctype html>
<html lang="${language}" dir="${languageDirection(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
${extra}<style>${STYLE}</style>
</head>
<body>
<main>`;
}

/** The card's heading, the amount to pay and what it is for: the same on the card page and on Bit's. */
function pageHeading(
  page: SandboxPage,
  words: SandboxWords,
  language: DinerLanguage,
  heading: string,
  amountLabel: string = words.amount,
): string {
  return `    <div class="head">
      <h1>${heading}</h1>
      <p class="amount">${amountLabel} <bdi dir="ltr">${formatShekels(page.amountAgorot)}</bdi></p>
    </div>
    <p class="description">${description(page, words, language)}</p>`;
}

const PAGE_BOTTOM = `  </div>
</main>
</body>
</html>`;

/**
 * The sandbox's hosted card page: looks like a payment page, says plainly that it is a test, and uses the standard
 * `autocomplete` names so browsers and password managers can fill it. Plain HTML that works without any script.
 */
export function renderSandboxPage(view: SandboxPageView): string {
  const { page } = view;
  const language = view.language ?? 'he';
  const words = sandboxWords[language];
  const hasErrors = Boolean(view.fields && Object.keys(view.fields).length > 0);
  // A hold page (issue 34) is the same form, worded as a hold: what it holds, that nothing is charged now.
  const hold = page.hold === true;
  return `${pageTop(language, words.title)}
  <p class="test" role="note">${words.test(card(SANDBOX_CARDS.approved), card(SANDBOX_CARDS.declined))}</p>
  <div class="card">
${
  hold
    ? `${pageHeading(page, words, language, words.holdHeading, words.holdAmount)}
    <p class="description">${words.holdNote}</p>`
    : pageHeading(page, words, language, words.heading)
}
    ${view.declined ? `<div class="alert" role="alert">${message(words, language, view.declined)}. ${words.tryAnother}</div>` : ''}
    ${hasErrors ? `<div class="alert" role="alert">${words.fixFields}</div>` : ''}
    ${
      page.googlePay && !hold
        ? `<form class="wallet" method="post" action="/pay/sandbox/${encodeURIComponent(page.lowProfileId)}">
      <input type="hidden" name="wallet" value="google_pay"><button type="submit" lang="en" dir="ltr">${words.googlePay}</button>
    </form><p class="or">${words.orCard}</p>`
        : ''
    }
    <form method="post" action="/pay/sandbox/${encodeURIComponent(page.lowProfileId)}" novalidate>
      ${field(view, words, 'name', words.name, 'type="text" autocomplete="cc-name" maxlength="100"')}
      ${field(view, words, 'number', words.number, 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" dir="ltr"')}
      <div class="row">
        ${field(view, words, 'expiry', words.expiry, 'type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" dir="ltr" placeholder="MM/YY"', words.expiryHint)}
        ${field(view, words, 'cvv', 'CVV', 'type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="4" dir="ltr"', words.cvvHint)}
      </div>
      <button type="submit">${hold ? words.hold : words.pay} <bdi dir="ltr">${formatShekels(page.amountAgorot)}</bdi></button>
    </form>
    <p class="secure">${words.secure}</p>
${PAGE_BOTTOM}`;
}

/** A page already paid (or a retry after success): nothing more to charge. A hold page says the card is held. */
export function renderClosedPage(successUrl: string, language: DinerLanguage = 'he', hold = false): string {
  const words = sandboxWords[language];
  const title = hold ? words.holdClosedTitle : words.closedTitle;
  return `<!doctype html>
<html lang="${language}" dir="${languageDirection(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title></head>
<body><main style="font-family:Arial,sans-serif;max-width:460px;margin:0 auto;padding:16px">
<h1>${title}</h1>
<p><a href="${escapeHtml(successUrl)}" target="_top">${words.closedLink}</a></p>
</main></body></html>`;
}

/**
 * Bit's page in the sandbox (issue 17): where Cardcom's `UrlToBit` would take the diner, outside the checkout's frame.
 * One button stands in for the Bit app's confirmation; after it the whole window goes to the thank-you page.
 */
export function renderBitPage(page: SandboxPage, language: DinerLanguage = 'he', failedUrl?: string): string {
  const words = sandboxWords[language];
  return `${pageTop(language, words.bitTitle, '<link rel="icon" type="image/svg+xml" href="/favicon.svg">\n')}
  <p class="test" role="note">${words.bitNote}</p>
  <div class="card bit">
${pageHeading(page, words, language, words.bitTitle)}
    <form method="post" action="/pay/sandbox/${encodeURIComponent(page.lowProfileId)}">
      <input type="hidden" name="wallet" value="bit">
      <button type="submit">${words.bitPay} <bdi dir="ltr">${formatShekels(page.amountAgorot)}</bdi></button>
    </form>
    ${failedUrl ? `<p class="secure"><a href="${escapeHtml(failedUrl)}">${words.bitBack}</a></p>` : ''}
${PAGE_BOTTOM}`;
}
