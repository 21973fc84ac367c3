// The shared table (issue 34): the owner's tables settings in Settings, and each table's poster address for the QR
// card. The zod schemas are the owner's only: the diner's bundle never imports this file.
import type {
  BusinessTablesAnswer,
  BusinessTablesInput,
  OwnerTablesAnswer,
} from '@tafrit/contracts/http/tables.schemas';
import { TABLE_LIMITS } from '@tafrit/contracts/tables';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const BUSINESS_TABLES_URL = '/api/business/tables';
export const RENEW_TABLE_KEYS_URL = '/api/business/tables/renew-keys';
export const OWNER_TABLES_URL = '/api/tables';

// What the server answers: checked loosely on numbers (the server already checked them when it stored them).
const businessTablesAnswerSchema: z.ZodType<BusinessTablesAnswer> = z.object({
  shared: z.boolean(),
  numbers: z.array(z.number().int()),
  idleMinutes: z.number().int(),
  unpaidShareMinutes: z.number().int(),
  // Pay at the end (issue 34, part 3): a server from before it says nothing, which is the contract's defaults.
  payAtEnd: z.boolean().default(false),
  holdShekels: z.number().int().default(TABLE_LIMITS.holdShekels.default),
  tabIdleMinutes: z.number().int().default(TABLE_LIMITS.tabIdleMinutes.default),
  keysRenewedAt: z.string().nullable(),
});

const ownerTablesAnswerSchema: z.ZodType<OwnerTablesAnswer> = z.object({
  shared: z.boolean(),
  tables: z.array(z.object({ number: z.number().int(), url: z.string() })),
});

export async function getBusinessTables(signal?: AbortSignal): Promise<BusinessTablesAnswer> {
  return dataOf(businessTablesAnswerSchema, await ownerRequest('GET', BUSINESS_TABLES_URL, undefined, { signal }));
}

export async function saveBusinessTables(request: BusinessTablesInput): Promise<BusinessTablesAnswer> {
  return dataOf(businessTablesAnswerSchema, await ownerRequest('PUT', BUSINESS_TABLES_URL, request));
}

/** New secrets for every table: the posters printed before then order alone. Answers nothing the card needs. */
export async function renewTableKeys(): Promise<void> {
  await ownerRequest('POST', RENEW_TABLE_KEYS_URL, {});
}

export async function getOwnerTables(signal?: AbortSignal): Promise<OwnerTablesAnswer> {
  return dataOf(ownerTablesAnswerSchema, await ownerRequest('GET', OWNER_TABLES_URL, undefined, { signal }));
}

export const businessTablesQueryOptions = queryOptions({
  queryKey: [BUSINESS_TABLES_URL],
  queryFn: ({ signal }) => getBusinessTables(signal),
});

export const ownerTablesQueryOptions = queryOptions({
  queryKey: [OWNER_TABLES_URL],
  queryFn: ({ signal }) => getOwnerTables(signal),
});

export const useBusinessTables = () => useQuery(businessTablesQueryOptions);
export const useOwnerTables = (enabled = true) => useQuery({ ...ownerTablesQueryOptions, enabled });
