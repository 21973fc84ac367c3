import { useId } from 'react';
import { dinerLanguages, isDinerLanguage, languageNames, type DinerLanguage } from '@tafrit/contracts/languages';
import { useLanguage } from './language';

/**
 * The header's language switcher: a native select (every phone's own picker, keyboard and screen reader ready), each
 * language named in itself and marked with its own lang, so a screen reader reads "العربية" in Arabic on a Hebrew page.
 * Drawn by the server too, in the page's language: no shift when the app arrives.
 */
export function LanguageSwitcher({ offered = dinerLanguages }: { offered?: readonly DinerLanguage[] }) {
  const { language, t, choose } = useLanguage();
  const id = useId();
  if (offered.length < 2) return null;
  return (
    <div className="shrink-0">
      <label htmlFor={id} className="sr-only">
        {t.language.label}
      </label>
      <select
        id={id}
        name="lang"
        value={language}
        data-testid="language-switcher"
        onChange={(event) => {
          if (isDinerLanguage(event.target.value)) choose(event.target.value);
        }}
        className="min-h-12 rounded-lg border border-line bg-surface px-2 text-base text-ink"
      >
        {offered.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageNames[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
