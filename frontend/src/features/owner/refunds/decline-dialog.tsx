// Declining a new paid order (a dish ran out, the kitchen is closing): the order is cancelled on every console and
// refunded whole in one step (`POST /api/live-orders/{orderId}/decline`). The dialog is the confirmation: it names
// the order and the amount, and asks for the reason the diner's refund carries.
import { formatShekels } from '@tafrit/contracts/money';
import type { LiveOrder } from '@tafrit/contracts/sockets';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { PendingButton } from '@/components/ui/pending-button';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { declineOrder } from '../shared/api/refunds';
import { errorDescription } from '../shared/errors';
import { noReason, ReasonPicker, reasonOf } from './reason-picker';
import { OrderName } from './refund-dialog';

const t = heOwner.refunds;

const dangerButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-danger px-5 py-2 font-medium text-white ' +
  'hover:opacity-90';

export function DeclineDialog({
  order,
  open,
  onOpenChange,
  onDeclined,
}: {
  order: LiveOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeclined?: (order: LiveOrder) => void;
}) {
  const [reason, setReason] = useState(noReason);
  const [reasonError, setReasonError] = useState<string>();
  const [error, setError] = useState<string>();
  // One id per dialog: sending again after a lost answer is the same decline and the same refund.
  const [refundId, setRefundId] = useState(() => crypto.randomUUID());
  const decline = useMutation({
    mutationFn: (text: string) => declineOrder(order.orderId, text, refundId),
    onSuccess: (saved) => {
      onDeclined?.(saved);
      const whole = (saved.refundedAgorot ?? 0) >= saved.totalAgorot;
      toast({ title: whole ? t.declined : t.declinedNotRefunded, ...(whole ? {} : { variant: 'destructive' }) });
      apply(false);
    },
    onError: (cause) => setError(errorDescription(cause)),
  });
  const pending = decline.isPending;

  function close(next: boolean) {
    if (!pending) apply(next);
  }

  function apply(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setReason(noReason);
      setReasonError(undefined);
      setError(undefined);
      setRefundId(crypto.randomUUID());
    }
  }

  function confirm() {
    const text = reasonOf(reason);
    if (!text) {
      setReasonError(t.reasonRequired);
      return;
    }
    setReasonError(undefined);
    setError(undefined);
    decline.mutate(text);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t.declineTitle}
      closeLabel={t.close}
      footer={
        <PendingButton
          type="button"
          pending={pending}
          pendingLabel={t.declining}
          onClick={confirm}
          className={dangerButtonClass}
          data-testid="decline-confirm"
        >
          {t.declineConfirm}
        </PendingButton>
      }
    >
      <p className="text-lg text-ink" data-testid="decline-text">
        {t.declineText} <OrderName target={order} /> {t.declineAfter}{' '}
        <bdi dir="ltr">{formatShekels(order.totalAgorot - (order.refundedAgorot ?? 0))}</bdi>
        {t.declineEnd}
      </p>
      <ReasonPicker value={reason} onChange={setReason} error={reasonError} />
      <div role="alert">
        {error ? (
          <p className="mt-4 rounded-lg border border-danger bg-danger-50 p-3 text-ink" data-testid="decline-error">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
