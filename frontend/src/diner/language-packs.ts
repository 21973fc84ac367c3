// Where each language's words are fetched from: its own chunk, which needs nothing else at run time. Apart from
// language.tsx (React's code) so that entry.ts can ask for the page's language as the page loads, alongside the app.
export const languagePacks = {
  ar: () => import('./text-ar'),
  en: () => import('./text-en'),
  ru: () => import('./text-ru'),
};

/** Starts fetching the words of `lang` (the page's <html lang>) when it is not Hebrew; Hebrew's are in the app. */
export function prefetchLanguage(lang: string): void {
  if (lang === 'ar' || lang === 'en' || lang === 'ru') void languagePacks[lang]();
}
