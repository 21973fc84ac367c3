// Sends the owner's test order (decision 034): from the checklist and from the live console.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PendingButton } from '@/components/ui/pending-button';
import { secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { placeTestOrder, setupChecklistQueryOptions } from '../shared/api/setup';
import { errorDescription } from '../shared/errors';
import { setupText } from './strings';

/** `onSent`: the caller says it (the checklist, whose step then closes); else the button says it beside itself. */
export function TestOrderButton({
  className = secondaryButtonClass,
  onSent,
}: {
  className?: string;
  onSent?: (orderNumber: number) => void;
}) {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<number | null>(null);
  const send = useMutation({
    mutationFn: () => placeTestOrder(),
    onSuccess: ({ orderNumber }) => {
      if (onSent) onSent(orderNumber);
      else setSent(orderNumber);
      void queryClient.invalidateQueries({ queryKey: setupChecklistQueryOptions.queryKey });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: setupText.testOrderFailed, description: errorDescription(error) });
    },
  });

  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      <PendingButton
        type="button"
        pending={send.isPending}
        pendingLabel={setupText.steps.test_order.action}
        className={className}
        onClick={() => send.mutate()}
        data-testid="test-order-button"
      >
        {setupText.steps.test_order.action}
      </PendingButton>
      {onSent ? null : (
        <span role="status" className="text-ink" data-testid="test-order-status">
          {sent !== null ? <SentText orderNumber={sent} /> : null}
        </span>
      )}
    </span>
  );
}

/** "Test order number 17 was sent", the number isolated inside the Hebrew sentence. */
export function SentText({ orderNumber }: { orderNumber: number }) {
  return (
    <>
      {setupText.testOrderSentBefore} <bdi>{orderNumber}</bdi> {setupText.testOrderSentAfter}
    </>
  );
}
