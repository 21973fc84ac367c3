// A file the server builds on request (a zip of tax documents, the uniform structure), shared by the owner's and the
// administrator's consoles: the request as a mutation (its failure a toast with the server's Hebrew sentence) and the
// line under the button that says what is being prepared, what was saved, or what went wrong. Every text comes from
// the caller, so that each console keeps its own words and its own reading of an error.
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorTextClass, hintClass } from '@/components/ui/form-styles';
import { toast } from '@/components/ui/toast';

/** `download` fetches and saves a file and answers its name; a failure is toasted under `errorTitle`. */
export function useZipDownload<Variables>(
  download: (variables: Variables) => Promise<string>,
  errorTitle: string,
  describeError: (error: unknown) => string,
) {
  return useMutation({
    mutationFn: download,
    onError: (error) => toast({ variant: 'destructive', title: errorTitle, description: describeError(error) }),
  });
}

/** "הקובץ <name> ירד למחשב.": the words around the saved file's name, which is isolated left to right. */
export interface SavedFileText {
  savedBefore: string;
  savedAfter: string;
}

/**
 * A polite live region that stays in the page (so that its changes are read): "preparing..." while the server builds
 * the zip, which for a busy month takes a while, then the saved file's name. A failure is shown beside it but not in
 * it: the toast has announced it already. A long file name wraps rather than widening a phone's page.
 */
export function ZipStatus({
  pending,
  preparing,
  saved,
  error,
  text,
  describeError,
  testId,
}: {
  pending: boolean;
  preparing: ReactNode;
  saved: string | undefined;
  error: unknown;
  text: SavedFileText;
  describeError: (error: unknown) => string;
  testId: string;
}) {
  return (
    <>
      <p role="status" className={`${hintClass} min-h-6 break-words`} data-testid={`${testId}-status`}>
        {pending ? (
          preparing
        ) : saved ? (
          <>
            {text.savedBefore} <bdi dir="ltr">{saved}</bdi> {text.savedAfter}
          </>
        ) : null}
      </p>
      {!pending && error ? (
        <p className={`${errorTextClass} break-words`} data-testid={`${testId}-error`}>
          {describeError(error)}
        </p>
      ) : null}
    </>
  );
}
