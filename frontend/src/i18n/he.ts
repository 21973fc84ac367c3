// Every visible string of the front end is in Hebrew, in src/i18n/. Components read from here; nothing user-facing
// is typed inline. This file holds the strings of the shell that every visit downloads (skip link, not-found page,
// toasts, errors); each area has its own file (he-landing.ts, he-owner.ts, he-admin.ts; the diner bundle keeps its own in src/diner/strings.ts) imported only
// by that area, so its strings travel in that area's lazy chunk and never weigh on the diner's first load.
// Numbers, prices and phones are never baked into a sentence: they are passed separately and wrapped in <bdi> or
// dir="ltr" by the component, so they keep their left-to-right order inside right-to-left text.

export const he = {
  app: {
    productName: 'תפריט',
    titleSuffix: 'תפריט',
    skipToContent: 'דילוג לתוכן הראשי',
    backHome: 'חזרה לדף הבית',
    // The owner's console while its code arrives (a cold start): a skeleton, never a blank page.
    consoleLoading: 'טוען את מסך העסק…',
  },
  notFound: {
    title: 'הדף לא נמצא',
    description: 'הכתובת שביקשתם לא קיימת, או שהדף הועבר למקום אחר.',
  },
  errors: {
    network: 'אין חיבור לשרת. בדקו את החיבור לאינטרנט ונסו שוב.',
  },
  toast: {
    regionLabel: 'התראות',
    // Read before a toast's text when it is announced.
    label: 'התראה',
    close: 'סגירת ההתראה',
  },
  // The small footer every page has (the landing page has a fuller one of its own).
  siteFooter: {
    label: 'קישורים',
    accessibility: 'הצהרת נגישות',
    terms: 'תנאי שימוש',
  },
  // The accessibility adjustments widget on every page. Its panel is loaded on demand, these words are not: short.
  a11y: {
    open: 'התאמות נגישות',
    title: 'התאמות נגישות',
    close: 'סגירה',
    largeText: 'הגדלת טקסט',
    highContrast: 'ניגודיות גבוהה',
    underlineLinks: 'הדגשת קישורים',
    stopAnimations: 'עצירת אנימציות',
    readableFont: 'גופן קריא',
    reset: 'איפוס ההתאמות',
    note: 'ההתאמות נשמרות במכשיר הזה. הן משלימות את נגישות האתר ואינן מחליפות אותה.',
    statement: 'להצהרת הנגישות',
  },
} as const;

/** The accessibility widget's words; the diner's pages give it their language's (src/diner/text-*.ts). */
export type A11yText = { readonly [K in keyof typeof he.a11y]: string };

/** `הדף לא נמצא | תפריט`: the document title of a screen. */
export function pageTitle(title: string): string {
  return `${title} | ${he.app.titleSuffix}`;
}
