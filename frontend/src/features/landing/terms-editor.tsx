import { TERMS_MAX_LENGTH } from '@tafrit/contracts/http/admin.schemas';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { hintClass, inputClass, labelClass } from '@/components/ui/form-styles';
import { ConsequencesDialog } from '@/components/ui/consequences-dialog';
import { PendingButton } from '@/components/ui/pending-button';
import { secondaryButtonClass, textLinkClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heLanding } from '@/i18n/he-landing';
import { isApiError } from '@/lib/api-client';
import { useSaveTerms } from './api/terms';
import { TermsText } from './terms-text';

const formatCount = (count: number) => count.toLocaleString('en-US');

/**
 * The administrator's terms editor: the text, its length out of 100,000, reset to the saved text, save (disabled
 * while blank) and a live preview drawn exactly as the public page draws it. The count is tied to the field by
 * aria-describedby and read when the field is focused, not announced on every keystroke.
 */
export function TermsEditor({ saved, onSessionExpired }: { saved: string; onSessionExpired: () => void }) {
  const page = heLanding.termsPage;
  const [draft, setDraft] = useState(saved);
  const save = useSaveTerms();
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;
  const countId = `${fieldId}-count`;
  const previewTitleId = `${fieldId}-preview`;
  const blank = draft.trim() === '';
  const tooLong = draft.length > TERMS_MAX_LENGTH;

  const [confirming, setConfirming] = useState(false);
  // The form's submit asks first (issue 29): new terms reach every visitor and owner at once.
  const submit = () => {
    if (blank || tooLong || save.isPending) return;
    setConfirming(true);
  };
  async function publish() {
    try {
      const result = await save.mutateAsync(draft);
      setDraft(result.content);
      toast({ title: uiMessagesHe.termsUpdated });
    } catch (error) {
      if (!(isApiError(error) && error.status === 401)) throw error;
      setConfirming(false);
      toast({ variant: 'destructive', title: uiMessagesHe.termsUpdateError, description: page.sessionExpired });
      onSessionExpired();
    }
  }

  return (
    <section aria-labelledby={`${fieldId}-title`} className="mt-8 rounded-xl border border-line bg-surface p-5 md:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h2 id={`${fieldId}-title`} className="text-2xl font-bold text-ink">
          {page.editorTitle}
        </h2>
        {/* The administrator came here from the dashboard's "terms" link; this is the way back (issue 15). */}
        <Link to="/admin" className={textLinkClass}>
          {page.backToDashboard}
        </Link>
      </div>
      <form
        className="mt-4 flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div>
          <label htmlFor={fieldId} className={labelClass}>
            {page.editorLabel}
          </label>
          <p id={hintId} className={hintClass}>
            {page.editorHint}
          </p>
          <textarea
            id={fieldId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            rows={16}
            maxLength={TERMS_MAX_LENGTH}
            required
            aria-invalid={tooLong || undefined}
            aria-describedby={`${hintId} ${countId}`}
            className={`${inputClass} min-h-64 leading-relaxed`}
          />
          <p id={countId} data-testid="terms-count" className={`${hintClass} ${tooLong ? 'text-danger' : ''}`}>
            <bdi dir="ltr">{formatCount(draft.length)}</bdi> {page.characterCountOf}{' '}
            <bdi dir="ltr">{formatCount(TERMS_MAX_LENGTH)}</bdi> {page.characters}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <PendingButton pending={save.isPending} pendingLabel={page.saving} disabled={blank || tooLong}>
            {page.save}
          </PendingButton>
          <button
            type="button"
            className={`${secondaryButtonClass} disabled:cursor-not-allowed disabled:opacity-60`}
            disabled={draft === saved}
            onClick={() => setDraft(saved)}
          >
            {page.reset}
          </button>
        </div>
      </form>
      <ConsequencesDialog
        text={{ ...page.confirm, confirming: page.saving, error: uiMessagesHe.termsUpdateError }}
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={publish}
        describeError={(error) => (error instanceof Error && error.message ? error.message : uiMessagesHe.tryAgain)}
        confirmTestId="confirm-publish-terms"
      />
      <section aria-labelledby={previewTitleId} className="mt-8 border-t border-line pt-6">
        <h3 id={previewTitleId} className="text-xl font-bold text-ink">
          {page.previewTitle}
        </h3>
        <div className="mt-4">
          {blank ? (
            <p className="text-lg text-muted">{page.previewEmpty}</p>
          ) : (
            <TermsText content={draft} testId="terms-preview" />
          )}
        </div>
      </section>
    </section>
  );
}
