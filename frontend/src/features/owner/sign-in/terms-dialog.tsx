import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { heOwner } from '@/i18n/he-owner';
import { termsQueryOptions } from '../shared/api/accounts';

/** The terms of use (GET /api/terms) as plain text: never HTML, whatever the administrator typed. */
export function TermsDialog({
  open,
  onOpenChange,
  footer,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  footer?: ReactNode;
  trigger?: ReactNode;
}) {
  const terms = useQuery({ ...termsQueryOptions, enabled: open });
  let body: ReactNode;
  if (terms.isPending) body = <p role="status">{heOwner.terms.loading}</p>;
  // Blank terms cannot be agreed to: the server always has a text (the default one at least), so blank is a failure
  // to read them, never "terms not defined" asked to be accepted.
  else if (terms.isError || terms.data.trim() === '') {
    body = <p className="text-danger">{heOwner.terms.loadError}</p>;
  } else body = <div className="leading-relaxed whitespace-pre-wrap text-ink">{terms.data}</div>;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={heOwner.terms.title}
      description={heOwner.terms.description}
      closeLabel={heOwner.terms.close}
      footer={footer}
      trigger={trigger}
    >
      <div data-testid="terms-content">{body}</div>
    </Dialog>
  );
}
