// What the administrator does about a platform invoice waiting for its allocation number (decision 049): types a
// number obtained in the Tax Authority's personal area (while it waits, or after a refusal), or, after a refusal
// only, issues it without a number. Issuing without a number cannot be taken back: it asks first.
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AllocationNumberForm } from '@/components/allocation-number-form';
import { ConsequencesDialog } from '@/components/ui/consequences-dialog';
import { secondaryButtonClass } from '@/components/ui/styles';
import { heAdminAllocations } from '@/i18n/he-admin-allocations';
import { isApiError } from '@/lib/api-client';
import { decidePlatformAllocation, type PlatformAllocationChoice, type PlatformAwaitingInvoice } from './api';
import { errorDescription, fieldErrorOf } from './errors';

const t = heAdminAllocations;

const isConflict = (error: unknown) => isApiError(error) && error.status === 409;

export interface PlatformAllocationOutcome {
  invoiceNumber: number;
  businessName: string;
  choice: PlatformAllocationChoice['choice'];
  issued: boolean;
}

export function PlatformAllocationActions({
  invoice,
  onDone,
  onStale,
}: {
  invoice: PlatformAwaitingInvoice;
  onDone: (outcome: PlatformAllocationOutcome) => Promise<void>;
  /** A 409: issued meanwhile (the Authority's number came, or another administrator chose); the list is refreshed. */
  onStale: (reason: string) => Promise<void>;
}) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [error, setError] = useState<{ field?: string; general?: string } | null>(null);
  const outcomeOf = (choice: PlatformAllocationChoice['choice'], issued: boolean): PlatformAllocationOutcome => ({
    invoiceNumber: invoice.invoiceNumber,
    businessName: invoice.businessName,
    choice,
    issued,
  });
  const manual = useMutation({
    mutationFn: (allocationNumber: string) => decidePlatformAllocation(invoice, { choice: 'manual', allocationNumber }),
    onMutate: () => setError(null),
    onSuccess: (answer) => onDone(outcomeOf('manual', answer.issued)),
    onError: (cause) => {
      if (isConflict(cause)) return onStale(errorDescription(cause));
      // The field's message from the envelope; the code alone (no `fields`) still belongs under the input.
      const field =
        fieldErrorOf(cause, 'allocationNumber') ??
        (isApiError(cause) && cause.code === 'invoice.allocation_number_invalid' ? errorDescription(cause) : undefined);
      setError(field ? { field } : { general: errorDescription(cause) });
    },
  });
  // Asked in the dialog, which shows its failure; the card (and its dialog) leaves the list after a 409.
  const without = useMutation({
    mutationFn: () => decidePlatformAllocation(invoice, { choice: 'issue_without_number' }),
    onSuccess: (answer) => onDone(outcomeOf('issue_without_number', answer.issued)),
    onError: (cause) => (isConflict(cause) ? onStale(errorDescription(cause)) : undefined),
  });
  const busy = manual.isPending || without.isPending;
  const refused = invoice.refusal !== null;

  return (
    <div className="mt-4 space-y-4" data-testid="platform-allocation-actions">
      <AllocationNumberForm
        id={id}
        number={number}
        onNumberChange={(next) => {
          setNumber(next);
          if (error?.field) setError(null);
        }}
        fieldError={error?.field ?? null}
        busy={busy}
        pending={manual.isPending}
        onSubmit={(typed) => manual.mutate(typed)}
        text={t.manual}
        errorTestId="platform-allocation-number-error"
      />
      {refused ? (
        <ConsequencesDialog
          text={{
            ...t.issueWithoutDialog,
            description: t.issueWithoutDialog.description(invoice.invoiceNumber, invoice.businessName),
          }}
          trigger={
            <button type="button" className={secondaryButtonClass} disabled={busy}>
              {t.issueWithout}
            </button>
          }
          onConfirm={async () => {
            await without.mutateAsync();
          }}
          describeError={errorDescription}
          confirmTestId="platform-allocation-without-confirm"
        />
      ) : null}
      <div role="alert">
        {error?.general ? (
          <div className="rounded-lg border border-danger bg-danger-50 p-3" data-testid="platform-allocation-error">
            <p className="font-bold text-danger">{t.actionError}</p>
            <p className="mt-1 text-ink">{error.general}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
