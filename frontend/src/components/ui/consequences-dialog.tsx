import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { errorTextClass } from './form-styles';
import { PendingButton } from './pending-button';
import { dangerButtonClass } from './styles';

export interface ConsequencesDialogText {
  title: string;
  description: string;
  /** What the step does that cannot be taken back, one line each: read before the person confirms. */
  consequences: readonly string[];
  cancel: string;
  confirm: string;
  confirming: string;
  /** The first line of a failure; the reason (`describeError`) follows it. */
  error: string;
}

/**
 * A step that is hard to undo behind a dialog that lists what it does (the administrator's issuing of the platform's
 * invoices and publishing of new terms): its confirm is the only way in, the dialog cannot be closed while the
 * request is on its way, and a failure stays in the dialog with its reason. Opened by `trigger`, or by its owner
 * (`open` and `onOpenChange`) when a form's submit asks first. `onConfirm` does the step and whatever follows it.
 */
export function ConsequencesDialog({
  text,
  trigger,
  open: controlledOpen,
  onOpenChange,
  onConfirm,
  describeError,
  confirmTestId,
}: {
  text: ConsequencesDialogText;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onConfirm: () => Promise<void>;
  describeError: (error: unknown) => string;
  confirmTestId?: string;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  const [error, setError] = useState<string>();
  // The step itself is the caller's mutation; this one only holds the dialog's pending state and error around it.
  const confirming = useMutation({
    mutationFn: async () => {
      setError(undefined);
      await onConfirm();
    },
    onSuccess: () => setOpen(false),
    onError: (cause) => setError(describeError(cause)),
  });
  const pending = confirming.isPending;
  const confirm = () => confirming.mutate();

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
          onClick={confirm}
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
