// The local setup page's HTML: Hebrew, right to left, one form with labelled fields, errors tied to their field
// (aria-describedby) and announced (role=alert). Colours pass WCAG AA contrast.
export interface FormState {
  server: string;
  code: string;
  /** A listed printer's spec, or "network". */
  printer: string;
  address: string;
  autostart: boolean;
  errors: Partial<Record<'server' | 'code' | 'printer' | 'address' | 'form', string>>;
}

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `
body { font-family: system-ui, 'Segoe UI', Arial, sans-serif; margin: 0; background: #f6f4ef; color: #1f1f1f; }
main { max-width: 36rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
fieldset, .field { border: 1px solid #c9c4b8; border-radius: .5rem; background: #fff; margin: 0 0 1rem; padding: .75rem 1rem; }
legend, label.title { font-weight: 700; }
label.title { display: block; margin-bottom: .35rem; }
input[type=text], input[type=url] { box-sizing: border-box; width: 100%; font: inherit; padding: .5rem; border: 1px solid #6b665c; border-radius: .35rem; }
.option { display: flex; gap: .5rem; align-items: center; margin: .35rem 0; }
.hint { color: #4a463f; font-size: .9rem; margin: .25rem 0 0; }
.error { color: #a1120c; font-weight: 700; margin: .35rem 0 0; }
button { font: inherit; font-weight: 700; padding: .7rem 1.5rem; border: 0; border-radius: .5rem; background: #1d5c3a; color: #fff; cursor: pointer; }
:focus-visible { outline: 3px solid #174ea6; outline-offset: 2px; }
.ok { border-inline-start: .4rem solid #1d5c3a; background: #fff; padding: .75rem 1rem; border-radius: .5rem; }
`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="he" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>
`;

const error = (state: FormState, field: keyof FormState['errors']) =>
  state.errors[field] ? `<p class="error" id="${field}-error" role="alert">${escapeHtml(state.errors[field])}</p>` : '';
const describedBy = (state: FormState, field: keyof FormState['errors'], hint?: string) => {
  const ids = [hint, state.errors[field] ? `${field}-error` : undefined].filter(Boolean).join(' ');
  return `${ids ? ` aria-describedby="${ids}"` : ''}${state.errors[field] ? ' aria-invalid="true"' : ''}`;
};
const checked = (yes: boolean) => (yes ? ' checked' : '');

export const renderForm = (state: FormState, printers: Array<{ name: string; spec: string | null }>): string => {
  const printerOptions = printers
    .map((printer, index) => {
      const id = `printer-${index}`;
      const hint = printer.spec
        ? ''
        : `<span class="hint" id="${id}-hint">(כדי להדפיס אליה, שתפו אותה בהגדרות המדפסת של ווינדוס)</span>`;
      return `<div class="option"><input type="radio" name="printer" id="${id}" value="${escapeHtml(printer.spec ?? '')}"${
        printer.spec ? checked(state.printer === printer.spec) : ` disabled aria-describedby="${id}-hint"`
      }><label for="${id}"><bdi>${escapeHtml(printer.name)}</bdi></label>${hint}</div>`;
    })
    .join('');
  const none = printers.length === 0 ? '<p class="hint">המחשב לא מכיר מדפסות. אפשר להקליד כתובת של מדפסת רשת.</p>' : '';
  return page(
    'חיבור מדפסת המטבח – תפריט',
    `<h1>חיבור מדפסת המטבח</h1>
<p>שלושה צעדים: קוד החיבור מהאתר, בחירת המדפסת, ושמירה. בסוף יודפס דף בדיקה.</p>
${error(state, 'form')}
<form method="post" novalidate>
<div class="field"><label class="title" for="server">כתובת האתר</label>
<input type="url" id="server" name="server" dir="ltr" autocomplete="url" required value="${escapeHtml(state.server)}"${describedBy(state, 'server', 'server-hint')}>
<p class="hint" id="server-hint">מופיעה בכרטיס ההדפסה בהגדרות העסק.</p>${error(state, 'server')}</div>
<div class="field"><label class="title" for="code">קוד החיבור</label>
<input type="text" id="code" name="code" dir="ltr" autocomplete="one-time-code" required value="${escapeHtml(state.code)}"${describedBy(state, 'code', 'code-hint')}>
<p class="hint" id="code-hint">בהגדרות העסק, בכרטיס ההדפסה: "יצירת קוד חיבור". הקוד תקף <bdi>10</bdi> דקות.</p>${error(state, 'code')}</div>
<fieldset${describedBy(state, 'printer')}><legend>המדפסת</legend>${none}${printerOptions}
<div class="option"><input type="radio" name="printer" id="printer-network" value="network"${checked(state.printer === 'network')}>
<label for="printer-network">מדפסת רשת (לפי כתובת)</label></div>
<label class="title" for="address">כתובת מדפסת הרשת</label>
<input type="text" id="address" name="address" dir="ltr" placeholder="192.168.1.50" value="${escapeHtml(state.address)}"${describedBy(state, 'address', 'address-hint')}>
<p class="hint" id="address-hint">כתובת ה-IP מודפסת בדרך כלל בדף ההגדרות של המדפסת (החזיקו את כפתור ההזנה בהדלקה).</p>
${error(state, 'address')}${error(state, 'printer')}</fieldset>
<div class="field option"><input type="checkbox" id="autostart" name="autostart"${checked(state.autostart)}>
<label for="autostart">להפעיל את הסוכן עם הדלקת המחשב</label></div>
<button type="submit">חיבור והדפסת דף בדיקה</button>
</form>`,
  );
};

export const renderDone = ({
  businessName,
  printerName,
  testPrint,
  autostartNote,
  autostart,
}: {
  businessName: string;
  printerName: string;
  testPrint: string | null;
  autostartNote: string | null;
  autostart: boolean;
}): string =>
  page(
    'המדפסת חוברה – תפריט',
    `<h1>המדפסת חוברה</h1>
<div class="ok" role="status"><p>הסוכן חובר לעסק <bdi>${escapeHtml(businessName)}</bdi> ומדפיס אל <bdi>${escapeHtml(printerName)}</bdi>.</p>
<p>${testPrint ? `<span class="error">דף הבדיקה לא הודפס: <bdi>${escapeHtml(testPrint)}</bdi>. בדקו שהמדפסת דולקת ושיש בה נייר, ונסו שוב מההגדרות באתר.</span>` : 'דף בדיקה נשלח למדפסת.'}</p>
<p>${autostartNote ? escapeHtml(autostartNote) : autostart ? 'הסוכן יופעל מעצמו עם הדלקת המחשב.' : 'הסוכן לא יופעל מעצמו: הפעילו אותו בכל בוקר.'}</p></div>
<p>מעכשיו כל הזמנה ששולמה תודפס במטבח. אפשר לסגור את הדף; השאירו את חלון הסוכן פתוח.</p>`,
  );
