import { useId, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { errorTextClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { dangerButtonClass, dangerOutlineClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { regenerateQr, useRememberDepartment } from './api/profile';
import { errorDescription } from './errors';

const t = heOwner.settings;

/**
 * The QR card's way out of a leaked or misused code (spec §7 regenerate-qr): a new public address, after a dialog
 * that says what stops working. Hard to undo (every printed code dies), so the dialog's confirm is the only way in,
 * and it cannot be closed while the request is on its way.
 */
export function RegenerateQr() {
  const id = useId();
  const rememberDepartment = useRememberDepartment();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function confirm() {
    setPending(true);
    setError(undefined);
    try {
      rememberDepartment(await regenerateQr());
      setOpen(false);
      toast({ title: t.qrRegenerated });
    } catch (cause) {
      setError(errorDescription(cause));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-6 border-t border-line pt-5" data-testid="qr-regenerate">
      <h3 id={`${id}-title`} className="font-bold text-ink">
        {t.qrRegenerateTitle}
      </h3>
      <p id={`${id}-hint`} className={`${hintClass} mt-1`}>
        {t.qrRegenerateHint}
      </p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (pending) return;
          setOpen(next);
          if (!next) setError(undefined);
        }}
        title={t.qrRegenerateDialogTitle}
        description={t.qrRegenerateDialogDescription}
        closeLabel={t.qrRegenerateCancel}
        trigger={
          <button
            type="button"
            className={`${dangerOutlineClass} mt-3`}
            aria-describedby={`${id}-hint`}
            data-testid="qr-regenerate-open"
          >
            {t.qrRegenerate}
          </button>
        }
        footer={
          <PendingButton
            type="button"
            pending={pending}
            pendingLabel={t.qrRegenerating}
            onClick={() => void confirm()}
            className={dangerButtonClass}
            data-testid="qr-regenerate-confirm"
          >
            {t.qrRegenerateConfirm}
          </PendingButton>
        }
      >
        <ul className="list-disc space-y-2 ps-5 text-ink">
          {t.qrRegenerateConsequences.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {error ? (
          <div role="alert" className="mt-4">
            <p className={errorTextClass}>{t.qrRegenerateError}</p>
            <p className="mt-1 text-muted">{error}</p>
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}
