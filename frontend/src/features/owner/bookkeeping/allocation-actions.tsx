// What the owner does about a document waiting for its allocation number (decision 049): types a number obtained in
// the Tax Authority's personal area (while it waits, or after a refusal), or, after a refusal only, issues it without
// a number or cancels the deal. Cancelling refunds the whole order, which cannot be taken back: it asks first.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AllocationNumberForm } from '@/components/allocation-number-form';
import { PendingButton } from '@/components/ui/pending-button';
import { dangerOutlineClass, secondaryButtonClass } from '@/components/ui/styles';
import { heOwnerAllocations } from '@/i18n/he-owner-allocations';
import { isApiError } from '@/lib/api-client';
import {
  allocationsQueryKey,
  decideAllocation,
  type AllocationChoice,
  type AwaitingDocument,
} from '../shared/api/allocations';
import { ConsequencesDialog } from '../shared/components/consequences-dialog';
import { errorDescription, fieldErrorsOf } from '../shared/errors';

const t = heOwnerAllocations;

export interface AllocationOutcome {
  orderNumber: number;
  choice: AllocationChoice['choice'];
}

export function AllocationActions({
  document: awaiting,
  onDone,
}: {
  document: AwaitingDocument;
  onDone: (outcome: AllocationOutcome) => Promise<void>;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [number, setNumber] = useState('');
  const [error, setError] = useState<{ field?: string; general?: string } | null>(null);
  const decide = useMutation({
    mutationFn: (choice: AllocationChoice) => decideAllocation(awaiting.orderId, choice),
    onMutate: () => setError(null),
    onSuccess: (_answer, choice) => onDone({ orderNumber: awaiting.orderNumber, choice: choice.choice }),
    onError: (cause) => {
      const field = fieldErrorsOf(cause).allocationNumber;
      setError(field ? { field } : { general: errorDescription(cause) });
      // Issued meanwhile (the Authority's number came, or another member chose): the list shows what is left.
      if (isApiError(cause) && cause.status === 409)
        void queryClient.invalidateQueries({ queryKey: allocationsQueryKey });
    },
  });
  const busy = decide.isPending;
  const pendingChoice = busy ? decide.variables.choice : null;
  const refused = awaiting.status === 'allocation_refused';

  return (
    <div className="mt-4 space-y-4" data-testid="allocation-actions">
      <AllocationNumberForm
        id={id}
        number={number}
        onNumberChange={(next) => {
          setNumber(next);
          if (error?.field) setError(null);
        }}
        fieldError={error?.field ?? null}
        busy={busy}
        pending={pendingChoice === 'manual'}
        disabled={busy && pendingChoice !== 'manual'}
        onSubmit={(typed) => decide.mutate({ choice: 'manual', allocationNumber: typed })}
        text={t.manual}
        errorTestId="allocation-number-error"
      />
      {refused ? (
        <div className="flex flex-wrap gap-3">
          <PendingButton
            type="button"
            pending={pendingChoice === 'issue_without_number'}
            pendingLabel={t.issuingWithout}
            disabled={busy && pendingChoice !== 'issue_without_number'}
            onClick={() => decide.mutate({ choice: 'issue_without_number' })}
            className={secondaryButtonClass}
          >
            {t.issueWithout}
          </PendingButton>
          <ConsequencesDialog
            text={{
              ...t.cancelDialog,
              description: t.cancelDialog.description(awaiting.orderNumber, awaiting.invoiceNumber),
            }}
            trigger={
              <button type="button" className={dangerOutlineClass} disabled={busy}>
                {t.cancel}
              </button>
            }
            onConfirm={async () => {
              await decideAllocation(awaiting.orderId, { choice: 'cancel' });
              await onDone({ orderNumber: awaiting.orderNumber, choice: 'cancel' });
            }}
            confirmTestId="allocation-cancel-confirm"
          />
        </div>
      ) : null}
      <div role="alert">
        {error?.general ? (
          <div className="rounded-lg border border-danger bg-danger-50 p-3" data-testid="allocation-error">
            <p className="font-bold text-danger">{t.actionError}</p>
            <p className="mt-1 text-ink">{error.general}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
