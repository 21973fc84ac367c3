import {
  type MenuItemTranslations,
  menuTranslationsInputSchema,
  type TranslatableKind,
} from '@tafrit/contracts/http/menu-translations.schemas';
import { languageDirection, type OfferableLanguage, offerableLanguages } from '@tafrit/contracts/languages';
import { zodIssuesToFields } from '@tafrit/contracts/validation';
import { useId, useState } from 'react';
import { FieldError, TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { hintClass, inputClass, labelClass } from '@/components/ui/form-styles';
import { heOwner } from '@/i18n/he-owner';
import { useDinerLanguages } from '../shared/api/diner-languages';
import { translationKey, useMenuTranslations, useSaveMenuTranslations } from '../shared/api/menu-translations';
import { errorDescription } from '../shared/errors';

const t = heOwner.menuManagement.translations;

type Texts = Partial<Record<OfferableLanguage, { name: string; description: string }>>;

const textsOf = (saved: MenuItemTranslations | undefined): Texts =>
  Object.fromEntries(
    offerableLanguages.map((language) => [
      language,
      { name: saved?.[language]?.name ?? '', description: saved?.[language]?.description ?? '' },
    ]),
  );

/**
 * The "תרגומים" part of an item's dialog: a field per language the business offers besides Hebrew, each with its own
 * `lang` and `dir` so the owner types (and a screen reader reads) it as that language. The dialog checks it before its
 * own save (`check`) and saves it after (`save`); a new item is translated once it exists.
 */
export function useTranslationsSection(kind: TranslatableKind, id: string | number | null) {
  const offered = useDinerLanguages().data;
  const saved = useMenuTranslations().data;
  const save = useSaveMenuTranslations();
  const [edited, setEdited] = useState<Texts>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const baseId = useId();
  const languages = offerableLanguages.filter((language) => offered?.includes(language));
  const initial = textsOf(id === null ? undefined : saved?.get(translationKey(kind, id)));
  const texts: Texts = { ...initial, ...edited };
  const hasDescription = kind === 'product';

  /** The languages shown, as the server wants them; null (and the errors beside their fields) when one is wrong. */
  function check(): MenuItemTranslations | null {
    if (id === null || languages.length === 0) return {};
    const parsed = menuTranslationsInputSchema(kind).safeParse(
      Object.fromEntries(
        languages.map((language) => [
          language,
          hasDescription ? texts[language] : { name: texts[language]?.name ?? '' },
        ]),
      ),
    );
    setErrors(parsed.success ? {} : zodIssuesToFields(parsed.error));
    return parsed.success ? parsed.data : null;
  }

  /** After the dialog's own save: false (with a toast, the dialog stays open) when the translations were not saved. */
  async function saveChecked(checked: MenuItemTranslations): Promise<boolean> {
    if (id === null) return true;
    // Only what the owner changed goes: an untouched language keeps what it has.
    const changed = Object.fromEntries(
      Object.entries(checked).filter(([language]) => language in edited),
    ) as MenuItemTranslations;
    if (Object.keys(changed).length === 0) return true;
    try {
      await save(kind, id, changed);
      return true;
    } catch (error) {
      toast({ variant: 'destructive', title: t.saveError, description: errorDescription(error) });
      return false;
    }
  }

  const set = (language: OfferableLanguage, field: 'name' | 'description', value: string) =>
    setEdited((current) => ({
      ...current,
      [language]: { ...(texts[language] ?? { name: '', description: '' }), ...current[language], [field]: value },
    }));

  const element =
    id === null ? (
      <p className={hintClass}>{t.afterSave}</p>
    ) : offered === undefined ? null : (
      <fieldset className="flex flex-col gap-3 border-t border-line pt-4">
        <legend className={`${labelClass} pt-4`}>{t.title}</legend>
        {languages.length === 0 ? (
          <p className={hintClass}>{t.none}</p>
        ) : (
          <>
            <p className={hintClass}>{t.hint}</p>
            {languages.map((language) => (
              <div key={language} className="flex flex-col gap-2">
                <TextField
                  label={t.name[language]}
                  lang={language}
                  dir={languageDirection(language)}
                  autoComplete="off"
                  value={texts[language]?.name ?? ''}
                  error={errors[`${language}.name`]}
                  onChange={(event) => set(language, 'name', event.target.value)}
                  data-testid={`translation-${language}-name`}
                />
                {hasDescription ? (
                  <div>
                    <label htmlFor={`${baseId}-${language}-description`} className={labelClass}>
                      {t.description[language]}
                    </label>
                    <textarea
                      id={`${baseId}-${language}-description`}
                      lang={language}
                      dir={languageDirection(language)}
                      rows={2}
                      className={inputClass}
                      value={texts[language]?.description ?? ''}
                      aria-invalid={errors[`${language}.description`] ? true : undefined}
                      aria-describedby={
                        errors[`${language}.description`] ? `${baseId}-${language}-description-error` : undefined
                      }
                      onChange={(event) => set(language, 'description', event.target.value)}
                    />
                    <FieldError
                      id={`${baseId}-${language}-description-error`}
                      error={errors[`${language}.description`]}
                    />
                  </div>
                ) : null}
              </div>
            ))}
          </>
        )}
      </fieldset>
    );

  return { element, check, save: saveChecked };
}
