// What the two downloads of the page share: the request as a mutation (its failure a toast with the server's Hebrew
// sentence) and the line under the button that says what is being prepared, what was saved, or what went wrong.
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorTextClass, hintClass } from '@/components/ui/form-styles';
import { toast } from '@/components/ui/toast';
import { heOwnerBookkeeping } from '@/i18n/he-owner-bookkeeping';
import { errorDescription } from '../shared/errors';

const t = heOwnerBookkeeping.bookkeeping;

/** `download` fetches and saves a file and answers its name; a failure is toasted under `errorTitle`. */
export function useZipDownload<Variables>(download: (variables: Variables) => Promise<string>, errorTitle: string) {
  return useMutation({
    mutationFn: download,
    onError: (error) => toast({ variant: 'destructive', title: errorTitle, description: errorDescription(error) }),
  });
}

/**
 * A polite live region that stays in the page (so that its changes are read): "preparing..." while the server builds
 * the zip, which for a busy month takes a while, then the saved file's name. A failure is shown beside it but not in
 * it: the toast has announced it already.
 */
export function ZipStatus({
  pending,
  preparing,
  saved,
  error,
  testId,
}: {
  pending: boolean;
  preparing: ReactNode;
  saved: string | undefined;
  error: unknown;
  testId: string;
}) {
  return (
    <>
      <p role="status" className={`${hintClass} min-h-6`} data-testid={`${testId}-status`}>
        {pending ? (
          preparing
        ) : saved ? (
          <>
            {t.savedBefore} <bdi dir="ltr">{saved}</bdi> {t.savedAfter}
          </>
        ) : null}
      </p>
      {!pending && error ? (
        <p className={errorTextClass} data-testid={`${testId}-error`}>
          {errorDescription(error)}
        </p>
      ) : null}
    </>
  );
}
