// The diner's language (issue 16): Hebrew's words are in the first paint (strings.ts); Arabic's, English's and
// Russian's each come as a chunk of their own (text-ar.ts and the others), fetched only when that language is chosen,
// so the menu's JavaScript before interaction stays within its budget. The server draws the menu and the steps in the
// chosen language (its renderer has every pack) and says which in <html lang>; the browser loads that pack before it
// hydrates, so both draw the same words.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  chooseDinerLanguage,
  dinerLanguageCookie,
  isDinerLanguage,
  languageDirection,
  type DinerLanguage,
} from '@tafrit/contracts/languages';
import type { ErrorStrings } from './error-text';
import { languagePacks } from './language-packs';
import type { SheetStrings } from './sheet-strings';
import { heDiner, type DinerStrings } from './strings';

/** A language's words other than Hebrew: the page's, the product sheet's and the errors'. */
export interface LanguagePack {
  diner: DinerStrings;
  sheet: SheetStrings;
  errors: ErrorStrings;
}

export interface DinerLanguageValue {
  language: DinerLanguage;
  dir: 'rtl' | 'ltr';
  t: DinerStrings;
  /** Undefined in Hebrew: the sheet's and the errors' Hebrew words load with their own code. */
  pack: LanguagePack | undefined;
  /** The switcher's choice: loads the language's words, then shows them and remembers the choice. */
  choose(language: DinerLanguage): void;
}

export function languageValue(
  language: DinerLanguage,
  pack: LanguagePack | undefined,
  choose: DinerLanguageValue['choose'] = () => undefined,
): DinerLanguageValue {
  return { language, dir: languageDirection(language), t: pack?.diner ?? heDiner, pack, choose };
}

export const DinerLanguageContext = createContext<DinerLanguageValue>(languageValue('he', undefined));
export const useLanguage = (): DinerLanguageValue => useContext(DinerLanguageContext);
/** The page's words in the diner's language. */
export const useText = (): DinerStrings => useContext(DinerLanguageContext).t;

const loaders: Record<Exclude<DinerLanguage, 'he'>, () => Promise<{ default: LanguagePack }>> = languagePacks;
const loaded = new Map<DinerLanguage, LanguagePack>();

/** The language's pack (undefined for Hebrew), fetched once. */
export async function loadLanguage(language: DinerLanguage): Promise<LanguagePack | undefined> {
  if (language === 'he') return undefined;
  const known = loaded.get(language);
  if (known) return known;
  const pack = (await loaders[language]()).default;
  loaded.set(language, pack);
  return pack;
}

/**
 * The language a page starts in. A page the server drew says it in <html lang> (the server chose it from the address,
 * the cookie and Accept-Language): the browser must hydrate in the same words. A page sent empty chooses here, by the
 * same rules (the browser's languages standing in for Accept-Language).
 */
export function startingLanguage(doc: Document, drawn: boolean): DinerLanguage {
  const lang = doc.documentElement.lang;
  if (drawn && isDinerLanguage(lang)) return lang;
  return chooseDinerLanguage({
    query: new URLSearchParams(doc.location.search).get('lang'),
    cookies: doc.cookie,
    acceptLanguage: doc.defaultView?.navigator.languages.join(','),
  });
}

/** The page's lang and dir (the server writes them into the pages it draws; a page sent empty says Hebrew). */
export function showLanguage(doc: Document, language: DinerLanguage): void {
  doc.documentElement.lang = language;
  doc.documentElement.dir = languageDirection(language);
}

/** Remembered for a year, on every path: the server draws the next page (menu or step) in it. */
export function rememberLanguage(doc: Document, language: DinerLanguage): void {
  doc.cookie = `${dinerLanguageCookie}=${language}; path=/; max-age=31536000; samesite=lax`;
  showLanguage(doc, language);
}

/** The switcher's last choice (one page, one switcher): a quicker later choice wins over a slower earlier one. */
let asked: DinerLanguage | undefined;

/**
 * The language of the diner's screens and the switcher's choice. A choice loads its words first (a short wait on a
 * slow phone, the page still usable in the old language), then changes every screen at once, the page's lang and dir,
 * the cookie, and the address's own `?lang=` if it has one (a reload keeps the choice).
 */
export function DinerLanguageProvider({
  initial,
  initialPack,
  picked,
  children,
}: {
  initial: DinerLanguage;
  initialPack: LanguagePack | undefined;
  /** A language picked in the server's switcher before the app arrived: chosen once the app is on. */
  picked?: DinerLanguage | undefined;
  children: ReactNode;
}) {
  const [state, setState] = useState({ language: initial, pack: initialPack });
  const choose = useCallback((language: DinerLanguage) => {
    asked = language;
    void loadLanguage(language).then(
      (pack) => {
        if (asked !== language) return;
        rememberLanguage(document, language);
        const url = new URL(location.href);
        if (url.searchParams.has('lang')) {
          url.searchParams.set('lang', language);
          history.replaceState(history.state, '', url);
        }
        setState({ language, pack });
      },
      // The words did not arrive (offline): the page stays in the language on screen.
      () => undefined,
    );
  }, []);
  const value = useMemo(() => languageValue(state.language, state.pack, choose), [state, choose]);
  useEffect(() => {
    if (picked && picked !== initial) choose(picked);
  }, [picked, initial, choose]);
  return <DinerLanguageContext.Provider value={value}>{children}</DinerLanguageContext.Provider>;
}

/** A run's own lang and dir, when its language is not the page's. */
export interface TextMark {
  lang?: DinerLanguage;
  dir?: 'rtl' | 'ltr';
}
const unmarked: TextMark = {};
const marks = new Map<DinerLanguage, TextMark>();

/**
 * The lang and dir of a text written in `text` on a page in `page`: nothing when they are the same, else a run of its
 * own, so a screen reader reads it in its language's voice and the bidi algorithm lays it out in its direction. The
 * same object each time (memoised rows compare their props).
 */
export function textMark(page: DinerLanguage, text: DinerLanguage): TextMark {
  if (page === text) return unmarked;
  let mark = marks.get(text);
  if (!mark) marks.set(text, (mark = { lang: text, dir: languageDirection(text) }));
  return mark;
}

/**
 * The mark of text the owner wrote in `text` (Hebrew unless said): the thank-you page's recorded names are Hebrew; a
 * cart line's name is in the language it was added in (cart.ts).
 */
export function useOwnerTextLang(text: DinerLanguage = 'he'): TextMark {
  return textMark(useContext(DinerLanguageContext).language, text);
}

/** The marks of several texts of one screen (a list of lines, each in its own language; absent is Hebrew). */
export function useTextMarks(): (text: DinerLanguage | undefined) => TextMark {
  const page = useContext(DinerLanguageContext).language;
  return (text) => textMark(page, text ?? 'he');
}

/**
 * The language of the menu on screen (its `language`, absent in the Hebrew menu): what its names are written in, except
 * those an item lists in its `he` (no translation: the Hebrew).
 */
export const MenuLanguageContext = createContext<DinerLanguage>('he');

type OwnerField = 'name' | 'description';
/** The language an item's name or description is shown in, in the menu on screen. */
export function useMenuTextLanguage(): (item: { he?: readonly OwnerField[] }, field?: OwnerField) => DinerLanguage {
  const menu = useContext(MenuLanguageContext);
  return (item, field = 'name') => (item.he?.includes(field) ? 'he' : menu);
}

/** The mark of a menu item's name or description on this page (see useMenuTextLanguage and textMark). */
export function useMenuTextMarks(): (item: { he?: readonly OwnerField[] }, field?: OwnerField) => TextMark {
  const page = useContext(DinerLanguageContext).language;
  const languageOf = useMenuTextLanguage();
  return (item, field) => textMark(page, languageOf(item, field));
}
