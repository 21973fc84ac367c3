import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { hintClass } from '@/components/ui/form-styles';
import { dangerOutlineClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { regenerateQr, useRememberDepartment } from '../shared/api/profile';
import { ConsequencesDialog } from '../shared/components/consequences-dialog';
import { useStepUp } from '../shared/step-up';

const t = heOwner.settings;

/**
 * The QR card's way out of a leaked or misused code (spec §7 regenerate-qr): a new public address, after a dialog
 * that says what stops working. Hard to undo (every printed code dies), so the dialog's confirm is the only way in,
 * and it cannot be closed while the request is on its way.
 */
export function RegenerateQr() {
  const id = useId();
  const rememberDepartment = useRememberDepartment();
  const withStepUp = useStepUp();

  const regenerate = useMutation({
    // A fresh code first (decision 036): the code dialog opens over this one when the server asks for it.
    mutationFn: () => withStepUp(regenerateQr),
    onSuccess: (department) => {
      rememberDepartment(department);
      toast({ title: t.qrRegenerated });
    },
  });
  return (
    <div className="mt-6 border-t border-line pt-5" data-testid="qr-regenerate">
      <h3 id={`${id}-title`} className="font-bold text-ink">
        {t.qrRegenerateTitle}
      </h3>
      <p id={`${id}-hint`} className={`${hintClass} mt-1`}>
        {t.qrRegenerateHint}
      </p>
      <ConsequencesDialog
        text={{
          title: t.qrRegenerateDialogTitle,
          description: t.qrRegenerateDialogDescription,
          consequences: t.qrRegenerateConsequences,
          cancel: t.qrRegenerateCancel,
          confirm: t.qrRegenerateConfirm,
          confirming: t.qrRegenerating,
          error: t.qrRegenerateError,
        }}
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
        onConfirm={async () => {
          await regenerate.mutateAsync();
        }}
        confirmTestId="qr-regenerate-confirm"
      />
    </div>
  );
}
