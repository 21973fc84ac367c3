// The administrator's calls. Their admin token is attached by lib/api-client for every /api/admin path except
// send-otp. A 401 on an admin call means the admin session is over: it is cleared and the screen leaves to /.
import {
  adminSessionSchema,
  impersonationSessionSchema,
  type OwnerSession,
} from '@tafrit/contracts/http/accounts.schemas';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import type {
  AdminAuditEntry,
  AdminBusinessRow,
  AdminCommissionReport,
  AdminContactMessage,
  AdminDebugInfo,
  CommissionHistory,
  PayoutBatch,
  ToggleBusinessInput,
} from '@tafrit/contracts/admin-types';
import type { PlatformInvoiceSummary } from '@tafrit/contracts/platform-invoice-events';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { he } from '@/i18n/he';
import { ApiError, apiRequest, errorFromResponse, isApiError, tokenFor } from '@/lib/api-client';
import { adminPhone, adminToken } from '@/lib/storage';
import type { z } from 'zod';

export class InvalidAdminResponseError extends Error {
  override readonly name = 'InvalidAdminResponseError';
  constructor() {
    super(uiMessagesHe.invalidServerResponse);
  }
}

function dataOf<T extends z.ZodType>(schema: T, response: unknown): z.output<T> {
  const data = typeof response === 'object' && response !== null && 'data' in response ? response.data : undefined;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new InvalidAdminResponseError();
  return parsed.data;
}

type Listener = () => void;
const expiredListeners = new Set<Listener>();

/** Called when an admin call answered 401; the session is already cleared. Returns an unsubscribe. */
export function onAdminSessionExpired(listener: Listener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

export function clearAdminSession(): void {
  adminToken.clear();
  adminPhone.clear();
}

function expireOn401(error: unknown): void {
  if (isApiError(error) && error.status === 401) {
    clearAdminSession();
    for (const listener of expiredListeners) listener();
  }
}

async function adminRequest(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<unknown> {
  try {
    return await apiRequest(method, url, body, { signal });
  } catch (error) {
    expireOn401(error);
    throw error;
  }
}

/** 403 admin.wrong_number for a phone that is not an administrator's (server configuration, DESIGN.md §6). */
export async function sendAdminCode(phone: string): Promise<void> {
  await apiRequest('POST', '/api/admin/send-otp', { phone });
}

export async function verifyAdminCode(phone: string, code: string): Promise<string> {
  return dataOf(adminSessionSchema, await apiRequest('POST', '/api/admin/verify-otp', { phone, code })).token;
}

/** Opens a business session for the administrator (spec §4); the token records the admin behind it. */
export async function impersonateBusiness(phone: string): Promise<OwnerSession> {
  const url = `/api/admin/impersonate/${encodeURIComponent(phone)}`;
  return dataOf(impersonationSessionSchema, await adminRequest('POST', url));
}

export async function logoutAdmin(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout', { audience: 'admin' }).catch(() => undefined);
  clearAdminSession();
}

// The dashboard's reads and actions (issue 7). Answers are checked for their shape only as far as the screen relies
// on it: a wrong shape is an "invalid response from the server", never a crash in a component.

function envelopeData(response: unknown): unknown {
  return typeof response === 'object' && response !== null && 'data' in response ? response.data : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function listOf<T>(response: unknown, isItem: (item: Record<string, unknown>) => boolean): T[] {
  const data = envelopeData(response);
  if (!Array.isArray(data) || !data.every((item) => isObject(item) && isItem(item))) {
    throw new InvalidAdminResponseError();
  }
  return data as T[];
}

function objectOf<T>(response: unknown, isValid: (data: Record<string, unknown>) => boolean): T {
  const data = envelopeData(response);
  if (!isObject(data) || !isValid(data)) throw new InvalidAdminResponseError();
  return data as T;
}

const phonePath = (phone: string) => encodeURIComponent(phone);

export const adminPaths = {
  businesses: '/api/admin/businesses',
  toggle: (phone: string) => `/api/admin/businesses/${phonePath(phone)}/toggle`,
  business: (phone: string) => `/api/admin/businesses/${phonePath(phone)}`,
  reopen: (phone: string) => `/api/admin/businesses/${phonePath(phone)}/reopen`,
  commissions: (month: string) => `/api/admin/commissions/${month}`,
  commissionsCsv: (month: string) => `/api/admin/commissions/${month}/csv`,
  history: (month: string, phone: string) => `/api/admin/commissions/${month}/${phonePath(phone)}/history`,
  payouts: (month: string) => `/api/admin/payouts/${month}`,
  payoutsTransferred: (month: string) => `/api/admin/payouts/${month}/transferred`,
  payoutsCsv: (month: string) => `/api/admin/payouts/${month}/csv`,
  payoutsMasav: (month: string) => `/api/admin/payouts/${month}/masav`,
  platformInvoices: (month: string) => `/api/admin/platform-invoices/${month}`,
  audit: '/api/admin/audit',
  contact: '/api/admin/contact-submissions',
  debug: '/api/admin/debug',
  health: '/api/health/database',
} as const;

export async function getBusinesses(signal?: AbortSignal): Promise<AdminBusinessRow[]> {
  return listOf<AdminBusinessRow>(
    await adminRequest('GET', adminPaths.businesses, undefined, signal),
    (row) => typeof row.phone === 'string' && typeof row.businessName === 'string' && typeof row.isActive === 'boolean',
  );
}

export const businessesQueryOptions = queryOptions({
  queryKey: [adminPaths.businesses],
  queryFn: ({ signal }) => getBusinesses(signal),
});

export function useBusinesses() {
  return useQuery(businessesQueryOptions);
}

export async function toggleBusiness(phone: string, input: ToggleBusinessInput): Promise<void> {
  await adminRequest('PATCH', adminPaths.toggle(phone), input);
}

export async function deleteBusiness(phone: string): Promise<void> {
  await adminRequest('DELETE', adminPaths.business(phone));
}

/** Reopens a closed account (issue 15): the owner may sign in again; its orders were kept, its menu starts empty. */
export async function reopenBusiness(phone: string): Promise<void> {
  await adminRequest('POST', adminPaths.reopen(phone));
}

export async function getCommissionReport(month: string, signal?: AbortSignal): Promise<AdminCommissionReport> {
  return objectOf<AdminCommissionReport>(
    await adminRequest('GET', adminPaths.commissions(month), undefined, signal),
    (data) => isObject(data.summary) && Array.isArray(data.businesses),
  );
}

export function commissionReportQueryOptions(month: string) {
  return queryOptions({
    queryKey: ['/api/admin/commissions', month],
    queryFn: ({ signal }) => getCommissionReport(month, signal),
  });
}

export function useCommissionReport(month: string) {
  return useQuery(commissionReportQueryOptions(month));
}

export async function getCommissionHistory(
  month: string,
  phone: string,
  signal?: AbortSignal,
): Promise<CommissionHistory> {
  return objectOf<CommissionHistory>(
    await adminRequest('GET', adminPaths.history(month, phone), undefined, signal),
    (data) => Array.isArray(data.lines) && isObject(data.totals),
  );
}

export function useCommissionHistory(month: string, phone: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/commissions', month, phone, 'history'],
    queryFn: ({ signal }) => getCommissionHistory(month, phone, signal),
    enabled,
  });
}

export async function getPayoutBatch(month: string, signal?: AbortSignal): Promise<PayoutBatch> {
  return objectOf<PayoutBatch>(
    await adminRequest('GET', adminPaths.payouts(month), undefined, signal),
    (data) => Array.isArray(data.lines) && typeof data.status === 'string',
  );
}

export function payoutBatchQueryOptions(month: string) {
  return queryOptions({
    queryKey: ['/api/admin/payouts', month],
    queryFn: ({ signal }) => getPayoutBatch(month, signal),
  });
}

export function usePayoutBatch(month: string) {
  return useQuery(payoutBatchQueryOptions(month));
}

export async function createPayoutBatch(month: string): Promise<void> {
  await adminRequest('POST', adminPaths.payouts(month));
}

export async function markPayoutTransferred(month: string): Promise<void> {
  await adminRequest('POST', adminPaths.payoutsTransferred(month));
}

export async function getPlatformInvoices(month: string, signal?: AbortSignal): Promise<PlatformInvoiceSummary[]> {
  return listOf<PlatformInvoiceSummary>(
    await adminRequest('GET', adminPaths.platformInvoices(month), undefined, signal),
    (item) => typeof item.businessId === 'string' && Array.isArray(item.documents),
  );
}

export function platformInvoicesQueryOptions(month: string) {
  return queryOptions({
    queryKey: ['/api/admin/platform-invoices', month],
    queryFn: ({ signal }) => getPlatformInvoices(month, signal),
  });
}

/** The platform's commission invoices of a month (decision 025), beside the commissions and the payouts. */
export function usePlatformInvoices(month: string) {
  return useQuery(platformInvoicesQueryOptions(month));
}

/** Issues the month's due invoices and credits now rather than at the next sweep. */
export async function issuePlatformInvoices(month: string): Promise<void> {
  await adminRequest('POST', adminPaths.platformInvoices(month));
}

/** The server's page sizes: a full page means there may be older entries behind `?before=`. */
export const AUDIT_PAGE_SIZE = 200;
export const CONTACT_PAGE_SIZE = 500;

function withBefore(path: string, before: string | number | undefined): string {
  return before === undefined ? path : `${path}?before=${encodeURIComponent(String(before))}`;
}

export async function getAudit(before?: string, signal?: AbortSignal): Promise<AdminAuditEntry[]> {
  return listOf<AdminAuditEntry>(
    await adminRequest('GET', withBefore(adminPaths.audit, before), undefined, signal),
    (entry) => typeof entry.type === 'string' && typeof entry.eventPosition === 'string',
  );
}

/** Newest first, a page of 200 at a time; the next page starts before the oldest entry shown. */
export function useAudit() {
  return useInfiniteQuery({
    queryKey: [adminPaths.audit],
    queryFn: ({ pageParam, signal }) => getAudit(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.length >= AUDIT_PAGE_SIZE ? page.at(-1)?.eventPosition : undefined),
  });
}

export async function getContactMessages(before?: number, signal?: AbortSignal): Promise<AdminContactMessage[]> {
  return listOf<AdminContactMessage>(
    await adminRequest('GET', withBefore(adminPaths.contact, before), undefined, signal),
    (message) => typeof message.message === 'string' && typeof message.id === 'number',
  );
}

export function useContactMessages() {
  return useInfiniteQuery({
    queryKey: [adminPaths.contact],
    queryFn: ({ pageParam, signal }) => getContactMessages(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.length >= CONTACT_PAGE_SIZE ? page.at(-1)?.id : undefined),
  });
}

export async function getDebugInfo(signal?: AbortSignal): Promise<AdminDebugInfo> {
  return objectOf<AdminDebugInfo>(
    await adminRequest('GET', adminPaths.debug, undefined, signal),
    (data) => typeof data.buildVersion === 'string',
  );
}

export function useDebugInfo(enabled: boolean) {
  // Fresh each time the dialog opens: it is for "what is the server doing now".
  return useQuery({
    queryKey: [adminPaths.debug],
    queryFn: ({ signal }) => getDebugInfo(signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

// Files (CSV, Masav): fetched with the admin token (a plain link could not carry it) and saved from a blob.

/** `attachment; filename="commissions-2026-11.csv"` -> `commissions-2026-11.csv`. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1]?.trim() || fallback;
}

export async function fetchAdminFile(url: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = { Accept: 'text/csv, text/plain, application/octet-stream' };
  const token = tokenFor(url);
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, credentials: 'include' });
  } catch (cause) {
    throw new ApiError({ message: he.errors.network, status: 0, cause });
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    expireOn401(error);
    throw error;
  }
  return {
    blob: await response.blob(),
    filename: filenameFrom(response.headers.get('Content-Disposition'), fallbackName),
  };
}

/** Hands a blob to the browser as a download, through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export async function downloadAdminFile(url: string, fallbackName: string): Promise<string> {
  const { blob, filename } = await fetchAdminFile(url, fallbackName);
  saveBlob(blob, filename);
  return filename;
}

// The connection badge (spec §8, §9): the public health call, polled. Never throws: every outcome is a state.

export type HealthState =
  | { status: 'ok'; timestamp: string | null }
  | { status: 'offline' }
  | { status: 'database'; message: string | null; timestamp: string | null };

export function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export async function checkHealth(signal?: AbortSignal): Promise<HealthState> {
  if (isBrowserOffline()) return { status: 'offline' };
  try {
    const body = await apiRequest<unknown>('GET', adminPaths.health, undefined, { signal });
    if (isObject(body) && body.success === true) return { status: 'ok', timestamp: text(body.timestamp) };
    const fields = isObject(body) ? body : {};
    return {
      status: 'database',
      message: text(fields.message) ?? text(fields.error),
      timestamp: text(fields.timestamp),
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    // Status 0: the server could not be reached at all, which is what the person sees as "no internet".
    if (!isApiError(error) || error.status === 0) return { status: 'offline' };
    const body = isObject(error.body) ? error.body : {};
    return { status: 'database', message: text(body.message) ?? text(body.error), timestamp: text(body.timestamp) };
  }
}

export const HEALTH_BADGE_INTERVAL_MS = 5000;
export const HEALTH_DIALOG_INTERVAL_MS = 3000;

export function useHealth(where: 'badge' | 'dialog', enabled = true) {
  return useQuery({
    queryKey: [adminPaths.health, where],
    queryFn: ({ signal }) => checkHealth(signal),
    enabled,
    staleTime: 0,
    refetchInterval: where === 'badge' ? HEALTH_BADGE_INTERVAL_MS : HEALTH_DIALOG_INTERVAL_MS,
    // The badge is a status line: keep polling while the tab is in the background too, so it is right on return.
    refetchIntervalInBackground: true,
  });
}
