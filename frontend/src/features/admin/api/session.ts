// The administrator's session and its calls. Their admin token is attached by lib/api-client for every /api/admin
// path except send-otp. A 401 on an admin call means the admin session is over: it is cleared and the screen leaves
// to /.
import {
  adminSessionSchema,
  impersonationSessionSchema,
  type OwnerSession,
} from '@tafrit/contracts/http/accounts.schemas';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { apiRequest, isApiError } from '@/lib/api-client';
import { adminPhone, adminToken } from '@/lib/storage';
import type { z } from 'zod';

export class InvalidAdminResponseError extends Error {
  override readonly name = 'InvalidAdminResponseError';
  constructor() {
    super(uiMessagesHe.invalidServerResponse);
  }
}

/** The `data` of a success envelope, checked against its contract; anything else is an invalid answer. */
export function dataOf<T extends z.ZodType>(schema: T, response: unknown): z.output<T> {
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

export function expireOn401(error: unknown): void {
  if (isApiError(error) && error.status === 401) {
    clearAdminSession();
    for (const listener of expiredListeners) listener();
  }
}

export async function adminRequest(
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
