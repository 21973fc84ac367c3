import type { ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { PendingButton } from '@/components/ui/pending-button';
import { heOwner } from '@/i18n/he-owner';

const t = heOwner.menuManagement;

/** A yes-or-cancel dialog whose confirmation is the dangerous act (a delete); it cannot be closed while pending. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
      title={title}
      description={description}
      closeLabel={t.cancel}
      footer={
        <PendingButton
          type="button"
          pending={pending}
          pendingLabel={pendingLabel}
          onClick={onConfirm}
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-danger px-5 py-2 font-medium text-white hover:opacity-90"
        >
          {confirmLabel}
        </PendingButton>
      }
    >
      {null}
    </Dialog>
  );
}
