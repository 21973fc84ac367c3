// The owner's monthly report and its CSV (product spec §2 Reports, §7 `GET /api/orders?month=`). The fetcher, its
// query options and its hook sit side by side (CONVENTIONS.md example 10); the CSV goes through fetch with the bearer
// token (a plain link could not carry it) and is saved from a blob.
import { monthlyReportSchema, platformInvoiceSummarySchema } from '@tafrit/contracts/http/owner-answers.schemas';
import type { MonthlyReport } from '@tafrit/contracts/ordering-types';
import type { PlatformInvoiceSummary } from '@tafrit/contracts/platform-invoice-events';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { tokenFor } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { fetchOwnerFile, type SavedFile } from './owner-file';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const REPORT_URL = '/api/orders';
export const REPORT_CSV_URL = '/api/orders/csv';

/**
 * One answer of the month's report: its sums whole, its orders a page (decision 065). The first page is the month
 * alone (the server's page size), as the year bench asks it; `before` the previous page's `page.nextBefore`.
 */
export async function getMonthlyReport(month: string, before?: string, signal?: AbortSignal): Promise<MonthlyReport> {
  const after = before ? `&before=${encodeURIComponent(before)}` : '';
  const response = await ownerRequest('GET', `${REPORT_URL}?month=${encodeURIComponent(month)}${after}`, undefined, {
    signal,
  });
  return dataOf(monthlyReportSchema, response);
}

export function monthlyReportQueryOptions(month: string) {
  return infiniteQueryOptions({
    queryKey: [REPORT_URL, { month }],
    queryFn: ({ signal, pageParam }) => getMonthlyReport(month, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.page?.nextBefore ?? undefined,
  });
}

/** The month's report with the pages loaded so far: the first answer's sums, every loaded page's orders in order. */
export function useMonthlyReport(month: string) {
  // The report's code loads after the console: by then a logout may have taken the token, and asking without one
  // would only earn a 401 (and a refresh attempt) on the way out.
  return useInfiniteQuery({
    ...monthlyReportQueryOptions(month),
    enabled: tokenFor(REPORT_URL) !== null,
    select: ({ pages }): MonthlyReport => ({ ...pages[0]!, orders: pages.flatMap((page) => page.orders) }),
  });
}

/** GET /api/orders/csv?month= with the session's token (refreshed once on a 401, like every owner call). */
export function fetchOrdersCsv(month: string): Promise<SavedFile> {
  return fetchOwnerFile(`${REPORT_CSV_URL}?month=${encodeURIComponent(month)}`, 'text/csv', `orders-${month}.csv`);
}

export async function downloadOrdersCsv(month: string): Promise<string> {
  const { blob, filename } = await fetchOrdersCsv(month);
  saveBlob(blob, filename);
  return filename;
}

export const PLATFORM_INVOICES_URL = '/api/platform-invoices';

/** The platform's commission invoice of a month (and its credits) for the signed-in business (decision 025). */
export async function getPlatformInvoice(month: string, signal?: AbortSignal): Promise<PlatformInvoiceSummary> {
  const response = await ownerRequest('GET', `${PLATFORM_INVOICES_URL}?month=${encodeURIComponent(month)}`, undefined, {
    signal,
  });
  return dataOf(platformInvoiceSummarySchema, response);
}

export function usePlatformInvoice(month: string, enabled: boolean) {
  return useQuery({
    queryKey: [PLATFORM_INVOICES_URL, { month }],
    queryFn: ({ signal }) => getPlatformInvoice(month, signal),
    enabled: enabled && tokenFor(PLATFORM_INVOICES_URL) !== null,
  });
}
