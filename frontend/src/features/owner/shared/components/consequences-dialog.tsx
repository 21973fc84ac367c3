import { useState, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { errorTextClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { dangerButtonClass } from '@/components/ui/styles';
import { errorDescription } from '../errors';

export interface ConsequencesDialogText {
  title: string;
  description: string;
  /** What stops working, one line each: read before the owner confirms. */
  consequences: readonly string[];
  cancel: string;
  confirm: string;
  confirming: string;
  /** The first line of a failure; the server's reason follows it. */
  error: string;
}

/**
 * A step that is hard to undo (a new QR address, removing a stored password) behind a dialog that lists what it does:
 * its confirm is the only way in, the dialog cannot be closed while the request is on its way, and a failure stays in
 * the dialog with its reason. `onConfirm` does the step and whatever follows it (remember the answer, a toast).
 */
export function ConsequencesDialog({
  text,
  trigger,
  onConfirm,
  confirmTestId,
}: {
  text: ConsequencesDialogText;
  trigger: ReactNode;
  onConfirm: () => Promise<void>;
  confirmTestId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function confirm() {
    setPending(true);
    setError(undefined);
    try {
      await onConfirm();
      setOpen(false);
    } catch (cause) {
      setError(errorDescription(cause));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        if (!next) setError(undefined);
      }}
      title={text.title}
      description={text.description}
      closeLabel={text.cancel}
      trigger={trigger}
      footer={
        <PendingButton
          type="button"
          pending={pending}
          pendingLabel={text.confirming}
          onClick={() => void confirm()}
          className={dangerButtonClass}
          data-testid={confirmTestId}
        >
          {text.confirm}
        </PendingButton>
      }
    >
      <ul className="list-disc space-y-2 ps-5 text-ink">
        {text.consequences.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {error ? (
        <div role="alert" className="mt-4">
          <p className={errorTextClass}>{text.error}</p>
          <p className="mt-1 text-muted">{error}</p>
        </div>
      ) : null}
    </Dialog>
  );
}
