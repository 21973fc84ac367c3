import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useState, type ReactNode } from 'react';
import { heLanding } from '@/i18n/he-landing';
import { adminToken } from '@/lib/storage';
import { useTerms } from './api/terms';
import { InfoPage } from './info-pages';
import { TermsEditor } from './terms-editor';
import { TermsText } from './terms-text';

/**
 * `/terms-conditions` (product spec §2 terms page): the terms for everyone, read-only; with an administrator's
 * session, the editor below them as well. The text is always shown as text, never as HTML.
 */
export function TermsPage() {
  const terms = useTerms();
  const page = heLanding.termsPage;
  const [isAdmin, setIsAdmin] = useState(() => adminToken.get() !== null);

  // Only the short states are announced; the text itself is not read out in full each time it arrives or changes.
  let status: ReactNode = null;
  if (terms.isPending) status = <p className="mt-6 text-muted">{page.loading}</p>;
  else if (terms.isError) status = <p className="mt-6 text-danger">{page.loadError}</p>;
  else if (terms.data.trim() === '') status = <p className="mt-6 text-lg text-muted">{uiMessagesHe.termsNotDefined}</p>;
  const content = terms.isSuccess && terms.data.trim() !== '' ? terms.data : null;

  return (
    <InfoPage title={page.title}>
      <div aria-live="polite">{status}</div>
      {content === null ? null : (
        <div className="mt-6">
          <TermsText content={content} testId="terms-content" />
        </div>
      )}
      {isAdmin && terms.isSuccess ? (
        <TermsEditor saved={terms.data} onSessionExpired={() => setIsAdmin(false)} />
      ) : null}
    </InfoPage>
  );
}
