// The dashboard's reads and actions (issue 7). Every answer is parsed with its contract's schema: a wrong shape is an
// "invalid response from the server", never a crash in a component.
import {
  adminAuditEntrySchema,
  adminBackupStatusSchema,
  adminBusinessRowSchema,
  adminCommissionReportSchema,
  adminContactMessageSchema,
  adminDebugInfoSchema,
  commissionHistorySchema,
  payoutBatchSchema,
} from '@tafrit/contracts/http/admin-answers.schemas';
import { platformInvoiceSummarySchema } from '@tafrit/contracts/http/owner-answers.schemas';
import type {
  AdminAuditEntry,
  AdminBackupStatus,
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
import { z } from 'zod';
import { HEALTH_URL } from './health';
import { adminRequest, dataOf } from './session';

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
  /** The platform's documents in the uniform structure (a zip), for Israel dates YYYY-MM-DD of one tax year. */
  uniformStructure: ({ from, to }: { from: string; to: string }) =>
    `/api/admin/bookkeeping/uniform-structure?${new URLSearchParams({ from, to }).toString()}`,
  audit: '/api/admin/audit',
  contact: '/api/admin/contact-submissions',
  debug: '/api/admin/debug',
  backup: '/api/admin/backup',
  health: HEALTH_URL,
} as const;

export async function getBusinesses(signal?: AbortSignal): Promise<AdminBusinessRow[]> {
  return dataOf(z.array(adminBusinessRowSchema), await adminRequest('GET', adminPaths.businesses, undefined, signal));
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
  return dataOf(
    adminCommissionReportSchema,
    await adminRequest('GET', adminPaths.commissions(month), undefined, signal),
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
  return dataOf(
    commissionHistorySchema,
    await adminRequest('GET', adminPaths.history(month, phone), undefined, signal),
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
  return dataOf(payoutBatchSchema, await adminRequest('GET', adminPaths.payouts(month), undefined, signal));
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
  return dataOf(
    z.array(platformInvoiceSummarySchema),
    await adminRequest('GET', adminPaths.platformInvoices(month), undefined, signal),
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
  return dataOf(
    z.array(adminAuditEntrySchema),
    await adminRequest('GET', withBefore(adminPaths.audit, before), undefined, signal),
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
  return dataOf(
    z.array(adminContactMessageSchema),
    await adminRequest('GET', withBefore(adminPaths.contact, before), undefined, signal),
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
  return dataOf(adminDebugInfoSchema, await adminRequest('GET', adminPaths.debug, undefined, signal));
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

export async function getBackupStatus(signal?: AbortSignal): Promise<AdminBackupStatus> {
  return dataOf(adminBackupStatusSchema, await adminRequest('GET', adminPaths.backup, undefined, signal));
}

/** The last backup (decision 061): looked at again every few minutes while the dashboard is open. */
export function useBackupStatus() {
  return useQuery({
    queryKey: [adminPaths.backup],
    queryFn: ({ signal }) => getBackupStatus(signal),
    refetchInterval: 5 * 60_000,
  });
}
