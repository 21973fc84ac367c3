import type { ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { PendingButton } from '@/components/ui/pending-button';
import { heOwner } from '@/i18n/he-owner';

/**
 * A menu-management dialog around one form (a product, an option group, an option): its save button in the footer,
 * tied to the form by `formId`. While the form is saving the dialog does not close, so the toast that follows tells
 * the truth (an upload finishes first).
 */
export function FormDialog({
  formId,
  pending,
  onOpenChange,
  title,
  description,
  saveLabel,
  savingLabel,
  saveTestId,
  children,
}: {
  formId: string;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  saveLabel: string;
  savingLabel: string;
  saveTestId: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next && pending) return;
        onOpenChange(next);
      }}
      title={title}
      description={description}
      closeLabel={heOwner.menuManagement.cancel}
      footer={
        <PendingButton pending={pending} pendingLabel={savingLabel} form={formId} data-testid={saveTestId}>
          {saveLabel}
        </PendingButton>
      }
    >
      {children}
    </Dialog>
  );
}
