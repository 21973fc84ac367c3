import { languageNames, offerableLanguages, type OfferableLanguage } from '@tafrit/contracts/languages';
import { useId } from 'react';
import { heOwner } from '@/i18n/he-owner';
import { chooseDinerLanguages, dinerLanguagesQueryOptions, useDinerLanguages } from '../shared/api/diner-languages';
import { SavedSettingCard } from './setting-card';
import { useSavedSetting } from './use-saved-setting';

const t = heOwner.settings.dinerLanguages;

/**
 * Settings' card of the languages the menu is offered in (decision 023): Hebrew always, Arabic, English and Russian
 * as the owner chooses. The diner's switcher offers exactly these.
 */
export function DinerLanguagesCard() {
  const titleId = useId();
  const offered = useDinerLanguages();
  const setting = useSavedSetting({
    stored: offered.data ? offerableLanguages.filter((language) => offered.data.includes(language)) : null,
    queryKey: dinerLanguagesQueryOptions.queryKey,
    send: (languages: OfferableLanguage[]) => chooseDinerLanguages({ languages }),
    texts: t,
  });

  return (
    <SavedSettingCard
      titleId={titleId}
      testId="diner-languages-card"
      texts={t}
      loadFailed={offered.isError}
      setting={setting}
    >
      {(chosen, setChosen) => (
        <>
          <fieldset>
            <legend className="font-medium text-ink">{t.legend}</legend>
            <ul className="mt-2 flex flex-col gap-2">
              <li className="flex min-h-11 items-center gap-3">
                <input id={`${titleId}-he`} type="checkbox" checked disabled className="size-5" />
                <label htmlFor={`${titleId}-he`}>{t.hebrew}</label>
              </li>
              {offerableLanguages.map((language) => (
                <li key={language} className="flex min-h-11 items-center gap-3">
                  <input
                    id={`${titleId}-${language}`}
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={chosen.includes(language)}
                    onChange={(event) =>
                      setChosen(
                        offerableLanguages.filter((code) =>
                          code === language ? event.target.checked : chosen.includes(code),
                        ),
                      )
                    }
                  />
                  <label htmlFor={`${titleId}-${language}`}>
                    {t.names[language]}{' '}
                    <span lang={language} className="text-muted">
                      ({languageNames[language]})
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </>
      )}
    </SavedSettingCard>
  );
}
