// The shared tables whose order waits for its payments (issue 34), in a small section above the live orders: each
// table with its order, what was paid and what is left, its payers, since when, and a mark when a share is left
// unpaid past the café's time. Nothing of these orders is in the kitchen yet. Read from `GET /api/tables/waiting`
// again whenever the live orders change (a table's last payment brings its order in), and polled every 15 s while any
// table is waiting (once a minute while none is), since a payer's part moves nothing on the console's socket.
import { formatShekels } from '@tafrit/contracts/money';
import { formatIsraelTimeOfDay } from '@tafrit/contracts/months';
import {
  ownerWaitingTablesAnswerSchema,
  type OwnerWaitingTable,
  type OwnerWaitingTablesAnswer,
} from '@tafrit/contracts/http/tables.schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { heOwner } from '@/i18n/he-owner';
import { tokenFor } from '@/lib/api-client';
import { dataOf } from '../shared/api/responses';
import { ownerRequest } from '../shared/api/session-request';

const t = heOwner.waitingTables;

export const WAITING_TABLES_URL = '/api/tables/waiting';
export const waitingTablesKey = [WAITING_TABLES_URL] as const;
/** While a table is waiting, and while none is. */
export const WAITING_POLL_MS = 15_000;
export const IDLE_POLL_MS = 60_000;

export async function getWaitingTables(signal?: AbortSignal): Promise<OwnerWaitingTablesAnswer> {
  return dataOf(ownerWaitingTablesAnswerSchema, await ownerRequest('GET', WAITING_TABLES_URL, undefined, { signal }));
}

/** The waiting tables, read again when `liveVersion` (the live orders' last update) moves. */
export function useWaitingTables(liveVersion: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: waitingTablesKey,
    queryFn: ({ signal }) => getWaitingTables(signal),
    enabled: tokenFor(WAITING_TABLES_URL) !== null,
    refetchInterval: (current) => ((current.state.data?.tables.length ?? 0) > 0 ? WAITING_POLL_MS : IDLE_POLL_MS),
    refetchOnWindowFocus: false,
    retry: false,
  });
  useEffect(() => {
    if (liveVersion > 0) void queryClient.invalidateQueries({ queryKey: waitingTablesKey });
  }, [liveVersion, queryClient]);
  return query;
}

/** The section itself: nothing at all while no table is waiting (or the list could not be read). */
export function WaitingTables({ answer }: { answer: OwnerWaitingTablesAnswer | undefined }) {
  const headingId = useId();
  if (!answer || answer.tables.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6" data-testid="waiting-tables">
      <h2 id={headingId} className="text-2xl font-bold text-ink">
        {t.title} <span className="text-lg font-normal text-muted">({answer.tables.length})</span>
      </h2>
      <ul className="mt-3 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {answer.tables.map((table) => (
          <WaitingTableCard key={table.orderId} table={table} minutes={answer.unpaidShareMinutes} />
        ))}
      </ul>
    </section>
  );
}

function WaitingTableCard({ table, minutes }: { table: OwnerWaitingTable; minutes: number }) {
  const border = table.overdue ? 'border-2 border-danger' : 'border border-line';
  return (
    <li
      className={`rounded-xl ${border} bg-surface p-4`}
      data-testid="waiting-table"
      data-overdue={table.overdue ? 'true' : 'false'}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-xl font-bold text-ink">
          {t.table(table.number)}
          {table.orderNumber !== null ? (
            <span className="ms-2 text-lg font-normal text-muted">{t.order(table.orderNumber)}</span>
          ) : null}
        </h3>
        <span className="text-base text-muted">{t.since(formatIsraelTimeOfDay(table.since))}</span>
      </div>
      {table.overdue ? (
        <p className="mt-2 rounded-lg bg-danger-50 px-3 py-2 font-bold text-danger" data-testid="waiting-overdue">
          <span aria-hidden="true">⚠ </span>
          {t.overdue}
          {table.unpaidSince ? (
            <span className="block text-base font-normal">
              {t.overdueSince(formatIsraelTimeOfDay(table.unpaidSince), minutes)}
            </span>
          ) : null}
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        <Figure label={t.total} agorot={table.totalAgorot} />
        <Figure label={t.paid} agorot={table.paidAgorot} />
        <Figure label={t.left} agorot={table.leftAgorot} strong />
      </dl>
      {table.payers.length === 0 ? (
        <p className="mt-3 text-muted">{t.noPayers}</p>
      ) : (
        <ul className="mt-3 space-y-1" aria-label={t.payers}>
          {table.payers.map((payer, index) => (
            <li key={index} className="flex justify-between gap-2 text-lg">
              <span>
                {payer.name || t.guest} · {payer.status === 'paid' ? t.payerPaid : t.payerPending}
              </span>
              <span dir="ltr" className="font-medium">
                {formatShekels(payer.amountAgorot)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function Figure({ label, agorot, strong = false }: { label: string; agorot: number; strong?: boolean }) {
  return (
    <div>
      <dt className="text-base text-muted">{label}</dt>
      <dd className={`text-lg text-ink ${strong ? 'font-bold' : ''}`} dir="ltr">
        {formatShekels(agorot)}
      </dd>
    </div>
  );
}
