// The diner's languages (issue 16): the page, the product sheet, the cart, checkout and thank-you, and the sandbox's
// payment page speak them. Shared so that the server (which draws the menu and the steps in the language) and the
// browser (which draws pages the server sent empty, and switches) choose alike.

export const dinerLanguages = ['he', 'ar', 'en', 'ru'] as const;
export type DinerLanguage = (typeof dinerLanguages)[number];

/** Hebrew first: the menus are written in it, and it is what a diner gets when nothing else says otherwise. */
export const defaultDinerLanguage: DinerLanguage = 'he';

/** The cookie that remembers the diner's choice (set by the page's switcher, read by the server's renderer). */
export const dinerLanguageCookie = 'lang';

export const isDinerLanguage = (value: unknown): value is DinerLanguage =>
  typeof value === 'string' && (dinerLanguages as readonly string[]).includes(value);

/** Hebrew and Arabic are read right to left. */
export const languageDirection = (language: DinerLanguage): 'rtl' | 'ltr' =>
  language === 'he' || language === 'ar' ? 'rtl' : 'ltr';

/** Each language's name in itself, as the switcher offers it. */
export const languageNames: Readonly<Record<DinerLanguage, string>> = {
  he: 'עברית',
  ar: 'العربية',
  en: 'English',
  ru: 'Русский',
};

/** The `lang` cookie's value in a Cookie header, when it names a diner language. */
export function languageOfCookies(cookies: string | undefined): DinerLanguage | undefined {
  for (const part of (cookies ?? '').split(';')) {
    const [name, value] = part.split('=', 2).map((piece) => piece.trim());
    if (name === dinerLanguageCookie && isDinerLanguage(value)) return value;
  }
  return undefined;
}

/**
 * The first language of an Accept-Language header (or navigator.languages joined) that the diner's pages speak (and
 * `allowed` lets through), by its q weight: `ar-IL,ar;q=0.9,en;q=0.8` is Arabic. `iw` is Hebrew's old code, still sent by some Android browsers.
 */
export function languageOfAcceptLanguage(
  header: string | undefined,
  allowed: (language: DinerLanguage) => boolean = () => true,
): DinerLanguage | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [range = '', ...params] = entry.trim().split(';');
      // A weight that is not a number refuses the range (NaN is filtered out below).
      const q = params.map((param) => /^\s*q=(.*)$/i.exec(param)?.[1]).find((value) => value !== undefined);
      const weight = q === undefined ? 1 : /^\s*[0-9.]+\s*$/.test(q) ? Number(q) : Number.NaN;
      return { primary: range.trim().toLowerCase().split('-')[0] ?? '', q: weight, index };
    })
    .filter((entry) => entry.primary && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranked) {
    const code = primary === 'iw' ? 'he' : primary;
    if (isDinerLanguage(code) && allowed(code)) return code;
  }
  return undefined;
}

/**
 * The diner's language: `?lang=` first (a link or the switcher), then the remembered choice (the cookie), then the
 * browser's languages, then Hebrew. `offered`, when given, is what the business offers: anything else is passed over
 * (Hebrew is always offered).
 */
export function chooseDinerLanguage(from: {
  query?: string | null | undefined;
  cookies?: string | undefined;
  acceptLanguage?: string | undefined;
  offered?: readonly DinerLanguage[] | undefined;
}): DinerLanguage {
  const allowed = (language: DinerLanguage | undefined): language is DinerLanguage =>
    language !== undefined && (language === 'he' || !from.offered || from.offered.includes(language));
  const query = isDinerLanguage(from.query) ? from.query : undefined;
  if (allowed(query)) return query;
  const remembered = languageOfCookies(from.cookies);
  if (allowed(remembered)) return remembered;
  // The browser's first language that is offered: `ru, en` on a menu in Hebrew and English is English.
  const browser = languageOfAcceptLanguage(from.acceptLanguage, allowed);
  if (browser) return browser;
  return defaultDinerLanguage;
}

/**
 * The words the server writes into a diner page's <title> before any script runs (the app's name and "menu not
 * found"); the rest of the page's words are the front end's (frontend/src/diner/strings.ts and its languages).
 */
export const dinerTitleWords: Readonly<Record<DinerLanguage, { app: string; notFound: string }>> = {
  he: { app: 'תפריט', notFound: 'התפריט לא נמצא' },
  ar: { app: 'تفريت', notFound: 'القائمة غير موجودة' },
  en: { app: 'Tafrit', notFound: 'Menu not found' },
  ru: { app: 'Tafrit', notFound: 'Меню не найдено' },
};

/** The languages an owner may offer besides Hebrew, which is always offered (the menu is written in it). */
export const offerableLanguages = ['ar', 'en', 'ru'] as const;
export type OfferableLanguage = (typeof offerableLanguages)[number];

/**
 * The languages a business offers its diners, Hebrew first and the others in their fixed order. `chosen` null: the
 * owner never chose, and every language is offered (the diner's pages speak them all; the menu's text is Hebrew).
 */
export function offeredLanguages(chosen: readonly OfferableLanguage[] | null | undefined): DinerLanguage[] {
  return ['he', ...offerableLanguages.filter((language) => !chosen || chosen.includes(language))];
}
