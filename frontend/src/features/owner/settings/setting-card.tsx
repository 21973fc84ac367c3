import type { ReactNode } from 'react';
import { cardClass, cardTitleClass, errorTextClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass } from '@/components/ui/styles';
import type { SavedSetting } from './use-saved-setting';

/**
 * The frame of a Settings card: a section named by its title, a hint under it, then the card's form, or the load
 * failure in its place. `titleId` (from the card's useId) also prefixes the ids of its fields; the hint's id is
 * `${titleId}-hint`, for a field that it describes.
 */
export function SettingCard({
  titleId,
  testId,
  title,
  hint,
  loadFailed,
  loadError,
  children,
}: {
  titleId: string;
  testId: string;
  title: string;
  hint: string;
  loadFailed: boolean;
  loadError: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid={testId}>
      <h2 id={titleId} className={cardTitleClass}>
        {title}
      </h2>
      <p className={`${hintClass} mt-1`} id={`${titleId}-hint`}>
        {hint}
      </p>
      {loadFailed ? <p className={`${errorTextClass} mt-3`}>{loadError}</p> : children}
    </section>
  );
}

/**
 * A Settings card that edits one saved setting (useSavedSetting): the card's frame, then, once the setting is known,
 * its form with the fields `children` draws and the save button under them. `stacked` lays the form out as a column
 * with the button in a row of its own.
 */
export function SavedSettingCard<T>({
  titleId,
  testId,
  texts,
  loadFailed,
  setting,
  stacked = false,
  children,
}: {
  titleId: string;
  testId: string;
  texts: { title: string; hint: string; loadError: string; save: string; saving: string };
  loadFailed: boolean;
  setting: SavedSetting<T>;
  stacked?: boolean;
  children: (chosen: T, edit: (value: T) => void) => ReactNode;
}) {
  const { chosen, edit, pending, save } = setting;
  return (
    <SettingCard
      titleId={titleId}
      testId={testId}
      title={texts.title}
      hint={texts.hint}
      loadFailed={loadFailed}
      loadError={texts.loadError}
    >
      {chosen ? (
        <form onSubmit={save} className={stacked ? 'mt-3 flex flex-col gap-4' : 'mt-3'}>
          {children(chosen, edit)}
          {stacked ? (
            <div>
              <PendingButton type="submit" pending={pending} pendingLabel={texts.saving} className={primaryButtonClass}>
                {texts.save}
              </PendingButton>
            </div>
          ) : (
            <PendingButton
              type="submit"
              pending={pending}
              pendingLabel={texts.saving}
              className={`${primaryButtonClass} mt-4`}
            >
              {texts.save}
            </PendingButton>
          )}
        </form>
      ) : null}
    </SettingCard>
  );
}

/** A saved setting's own on/off switch, first in its card; the card's hint (`{titleId}-hint`) describes it. */
export function SettingSwitch({
  titleId,
  label,
  checked,
  onChange,
}: {
  titleId: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 font-medium text-ink">
      <input
        type="checkbox"
        className="size-6 accent-brand-700"
        checked={checked}
        aria-describedby={`${titleId}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
