import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatIsraelDateTime } from '@tafrit/contracts/months';
import {
  TAX_AUTHORITY_RESULT_PARAM,
  type TaxAuthorityConnectAnswer,
  type TaxAuthorityResult,
  type TaxAuthorityStatus,
} from '@tafrit/contracts/http/tax-authority.schemas';
import { useEffect, useState } from 'react';
import { ConsequencesDialog } from '@/components/ui/consequences-dialog';
import { errorTextClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { dangerOutlineClass, primaryButtonClass, secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heTaxAuthority } from '@/i18n/he-tax-authority';

const t = heTaxAuthority;

/** One seller's connection as its console reaches it: the owner's routes, or the administrator's for the platform. */
export interface TaxAuthorityApi {
  queryKey: readonly unknown[];
  status(signal?: AbortSignal): Promise<TaxAuthorityStatus>;
  connect(): Promise<TaxAuthorityConnectAnswer>;
  disconnect(): Promise<TaxAuthorityStatus>;
}

/**
 * `?taxAuthority=connected|failed`, as the server's callback sent the browser back: read once and taken out of the
 * address, so a reload or a shared link does not say it again.
 */
function useResultOnce(): TaxAuthorityResult | undefined {
  const [result] = useState<TaxAuthorityResult | undefined>(() => {
    const value = new URLSearchParams(window.location.search).get(TAX_AUTHORITY_RESULT_PARAM);
    return value === 'connected' || value === 'failed' ? value : undefined;
  });
  useEffect(() => {
    if (!result) return;
    const url = new URL(window.location.href);
    url.searchParams.delete(TAX_AUTHORITY_RESULT_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [result]);
  return result;
}

/** An instant for people: Israel's date and time, kept left to right inside the Hebrew sentence. */
function Instant({ value }: { value: string }) {
  return <bdi dir="ltr">{formatIsraelDateTime(value)}</bdi>;
}

/**
 * The body of the "connect to the Tax Authority" card (decision 047), under its console's own heading: where the
 * seller stands, the result of a connect just finished, and the one action that fits. `canEdit` false shows the
 * state only. Connecting leaves for the Authority's sign-in page; the server brings the browser back here.
 */
export function TaxAuthorityConnection({
  api,
  canEdit,
  describeError,
  testId,
}: {
  api: TaxAuthorityApi;
  canEdit: boolean;
  describeError: (error: unknown) => string;
  testId: string;
}) {
  const result = useResultOnce();
  const status = useQuery({ queryKey: api.queryKey, queryFn: ({ signal }) => api.status(signal) });

  return (
    <div data-testid={testId}>
      {result ? (
        <p
          role={result === 'connected' ? 'status' : 'alert'}
          className={result === 'connected' ? 'mt-3 font-medium text-ink' : `${errorTextClass} mt-3`}
          data-testid={`${testId}-result`}
        >
          {result === 'connected' ? t.resultConnected : t.resultFailed}
        </p>
      ) : null}
      {status.isPending ? (
        <p role="status" className="mt-3 text-muted">
          {t.loading}
        </p>
      ) : status.isError ? (
        <div className="mt-3">
          <p className={errorTextClass}>{t.loadError}</p>
          <p className="mt-1 text-muted">{describeError(status.error)}</p>
          <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => void status.refetch()}>
            {t.retry}
          </button>
        </div>
      ) : (
        <Standing status={status.data} api={api} canEdit={canEdit} describeError={describeError} testId={testId} />
      )}
    </div>
  );
}

function Standing({
  status,
  api,
  canEdit,
  describeError,
  testId,
}: {
  status: TaxAuthorityStatus;
  api: TaxAuthorityApi;
  canEdit: boolean;
  describeError: (error: unknown) => string;
  testId: string;
}) {
  if (!status.configured) {
    return <p className="mt-3 max-w-prose">{t.notConfigured}</p>;
  }
  if (status.connected && status.connectedAt && status.grantEndsAt) {
    return (
      <>
        <p className="mt-3 font-medium text-ink">{t.connected}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted">{t.connectedSince}</dt>
          <dd>
            <Instant value={status.connectedAt} />
          </dd>
          <dt className="text-muted">{t.grantEndsAt}</dt>
          <dd>
            <Instant value={status.grantEndsAt} />
          </dd>
        </dl>
        <p className={`${hintClass} mt-2 max-w-prose`}>{t.renewHint}</p>
        {canEdit ? <Disconnect api={api} describeError={describeError} testId={testId} /> : <ReadOnly />}
      </>
    );
  }
  return (
    <>
      {status.grantEndsAt ? (
        <>
          <p className="mt-3 font-medium text-ink">
            {t.ended}
            <Instant value={status.grantEndsAt} />
          </p>
          <p className={`${hintClass} max-w-prose`}>{t.endedHint}</p>
        </>
      ) : (
        <p className="mt-3">{t.notConnected}</p>
      )}
      {canEdit ? <Connect api={api} describeError={describeError} testId={testId} /> : <ReadOnly />}
    </>
  );
}

const ReadOnly = () => <p className={`${hintClass} mt-3`}>{t.readOnly}</p>;

/** Asks the server for the Authority's address (with a fresh state) and goes there. */
function Connect({
  api,
  describeError,
  testId,
}: {
  api: TaxAuthorityApi;
  describeError: (error: unknown) => string;
  testId: string;
}) {
  // Stays pending after the answer, while the browser leaves for the Authority.
  const [leaving, setLeaving] = useState(false);
  const connect = useMutation({
    mutationFn: () => api.connect(),
    onSuccess: ({ url }) => {
      setLeaving(true);
      location.assign(url);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: t.connectError, description: describeError(error) });
    },
  });
  return (
    <PendingButton
      type="button"
      pending={connect.isPending || leaving}
      pendingLabel={t.connecting}
      className={`${primaryButtonClass} mt-4`}
      onClick={() => connect.mutate()}
      data-testid={`${testId}-connect`}
    >
      {t.connect}
    </PendingButton>
  );
}

/** Forgets the kept grant, after a dialog that says what stops. */
function Disconnect({
  api,
  describeError,
  testId,
}: {
  api: TaxAuthorityApi;
  describeError: (error: unknown) => string;
  testId: string;
}) {
  const queries = useQueryClient();
  const disconnect = useMutation({
    mutationFn: () => api.disconnect(),
    onSuccess: (status) => {
      queries.setQueryData(api.queryKey, status);
      toast({ title: t.disconnected });
    },
  });
  return (
    <ConsequencesDialog
      text={{
        title: t.disconnectTitle,
        description: t.disconnectDescription,
        consequences: t.disconnectConsequences,
        cancel: t.disconnectCancel,
        confirm: t.disconnectConfirm,
        confirming: t.disconnecting,
        error: t.disconnectError,
      }}
      trigger={
        <button type="button" className={`${dangerOutlineClass} mt-4`} data-testid={`${testId}-disconnect`}>
          {t.disconnect}
        </button>
      }
      onConfirm={async () => {
        await disconnect.mutateAsync();
      }}
      describeError={describeError}
      confirmTestId={`${testId}-disconnect-confirm`}
    />
  );
}
