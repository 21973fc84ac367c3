// The header's connection badge and its dialog (spec §8, §9): health every 5 s in the badge, every 3 s in the dialog
// while it is open; and the debug dialog (build, server time, database, processors, printer agents).
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useEffect, useState, useSyncExternalStore, type ReactElement } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { errorTextClass } from '@/components/ui/form-styles';
import { secondaryButtonClass } from '@/components/ui/styles';
import { heAdmin } from '@/i18n/he-admin';
import { isBrowserOffline, useDebugInfo, useHealth, type HealthState } from './api';
import { errorDescription } from './errors';
import { dateTimeText } from './format';

const t = heAdmin.connection;

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** False while the browser says it has no network; changes at once on the browser's online/offline events. */
function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => !isBrowserOffline(),
    () => true,
  );
}

export type ConnectionStatus = 'checking' | 'ok' | 'offline' | 'database';

function statusOf(online: boolean, health: HealthState | undefined): ConnectionStatus {
  if (!online) return 'offline';
  if (!health) return 'checking';
  return health.status;
}

export function connectionText(status: ConnectionStatus): string {
  switch (status) {
    case 'ok':
      return t.ok;
    case 'offline':
      return uiMessagesHe.noInternet;
    case 'database':
      return uiMessagesHe.databaseConnectionError;
    default:
      return t.checking;
  }
}

function useConnection(where: 'badge' | 'dialog', enabled = true) {
  const online = useBrowserOnline();
  const health = useHealth(where, enabled);
  const { refetch } = health;
  // Back online: check at once instead of waiting for the next tick.
  useEffect(() => {
    if (online && enabled) void refetch();
  }, [online, enabled, refetch]);
  return { status: statusOf(online, health.data), health: health.data, checkedAt: health.dataUpdatedAt };
}

const dotClass: Record<ConnectionStatus, string> = {
  ok: 'bg-brand-700',
  checking: 'bg-muted',
  offline: 'bg-danger',
  database: 'bg-danger',
};

export function ConnectionBadge() {
  const { status } = useConnection('badge');
  const [open, setOpen] = useState(false);
  const problem = status === 'offline' || status === 'database';
  return (
    <>
      <ConnectionDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <button
            type="button"
            data-testid="connection-badge"
            data-status={status}
            className={
              'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 py-1 text-sm font-medium ' +
              (problem ? 'border-danger bg-danger-50 text-danger' : 'border-line bg-surface text-ink hover:bg-canvas')
            }
          >
            <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${dotClass[status]}`} />
            <span className="sr-only">{t.badgeLabel}: </span>
            {connectionText(status)}
          </button>
        }
      />
      {/* Read out when the connection drops or comes back; the button's own text is not a live region. */}
      <span role="status" className="sr-only">
        {problem ? connectionText(status) : ''}
      </span>
    </>
  );
}

function ConnectionDialog({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactElement;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t.dialogTitle}
      description={t.dialogDescription}
      closeLabel={heAdmin.dashboard.close}
      trigger={trigger}
    >
      {open ? <ConnectionDetails /> : null}
    </Dialog>
  );
}

function ConnectionDetails() {
  const { status, health, checkedAt } = useConnection('dialog');
  const database =
    status === 'ok'
      ? t.databaseOk
      : status === 'database'
        ? t.databaseDown
        : status === 'checking'
          ? t.checking
          : t.unknown;
  const message = health?.status === 'database' ? health.message : null;
  return (
    <div data-testid="connection-details">
      <p role="status" className="text-lg font-bold text-ink">
        {connectionText(status)}
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-medium text-ink">{t.internet}</dt>
        <dd className="text-muted">{status === 'offline' ? t.offline : t.online}</dd>
        <dt className="font-medium text-ink">{t.database}</dt>
        <dd className="text-muted">{database}</dd>
        <dt className="font-medium text-ink">{t.lastCheck}</dt>
        <dd className="text-muted">
          <bdi dir="ltr">{checkedAt ? dateTimeText(new Date(checkedAt).toISOString()) : '—'}</bdi>
        </dd>
        {message ? (
          <>
            <dt className="font-medium text-ink">{t.serverMessage}</dt>
            <dd className="text-muted">{message}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

const d = heAdmin.debug;

export function DebugButton() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={d.title}
      description={d.description}
      closeLabel={heAdmin.dashboard.close}
      trigger={
        <button type="button" className={secondaryButtonClass}>
          {heAdmin.dashboard.debug}
        </button>
      }
    >
      {open ? <DebugDetails /> : null}
    </Dialog>
  );
}

function DebugDetails() {
  const debug = useDebugInfo(true);
  if (debug.isPending) {
    return (
      <p role="status" className="text-muted">
        {heAdmin.dashboard.loading}
      </p>
    );
  }
  if (debug.isError) {
    return (
      <div role="alert">
        <p className={errorTextClass}>{heAdmin.dashboard.loadError}</p>
        <p className="mt-1 text-muted">{errorDescription(debug.error)}</p>
        <button type="button" className={`${secondaryButtonClass} mt-4`} onClick={() => void debug.refetch()}>
          {heAdmin.dashboard.retry}
        </button>
      </div>
    );
  }
  const info = debug.data;
  return (
    <div data-testid="debug-details">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-medium text-ink">{d.buildVersion}</dt>
        <dd className="text-muted">
          <bdi dir="ltr">{info.buildVersion}</bdi>
        </dd>
        <dt className="font-medium text-ink">{d.serverTime}</dt>
        <dd className="text-muted">
          <bdi dir="ltr">{dateTimeText(info.serverTime)}</bdi>
        </dd>
        <dt className="font-medium text-ink">{d.databaseMode}</dt>
        <dd className="text-muted">{d.modes[info.databaseMode] ?? info.databaseMode}</dd>
        <dt className="font-medium text-ink">{d.databaseStatus}</dt>
        <dd className="text-muted">{info.databaseStatus}</dd>
        <dt className="font-medium text-ink">{d.printerAgents}</dt>
        <dd className="text-muted tabular-nums">{info.printerAgentsOnline}</dd>
      </dl>
      {info.processors.length === 0 ? (
        <p className="mt-4 text-muted">{d.noProcessors}</p>
      ) : (
        <table className="mt-4 w-full text-start text-sm">
          <caption className="mb-2 text-start font-bold text-ink">{d.processors}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 text-start">
                {d.processor}
              </th>
              <th scope="col" className="py-2 text-start">
                {d.pending}
              </th>
              <th scope="col" className="py-2 text-start">
                {d.parked}
              </th>
            </tr>
          </thead>
          <tbody>
            {info.processors.map((processor) => (
              <tr key={processor.name} className="border-b border-line">
                <th scope="row" className="py-2 text-start font-normal">
                  <bdi dir="ltr">{processor.name}</bdi>
                </th>
                <td className="py-2 tabular-nums">{processor.pending}</td>
                <td className={`py-2 tabular-nums ${processor.parked > 0 ? 'font-bold text-danger' : ''}`}>
                  {processor.parked}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
