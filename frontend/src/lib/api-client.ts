// The one way the front end talks to the server (product spec §7 and §8).
// - method defaults to GET; a body is sent as JSON unless it is FormData, which goes as is (multipart boundary
//   set by the browser);
// - Authorization: the business token, or on admin paths the admin token, except the admin send-code call, which
//   runs before any admin session exists;
// - cookies are included (the refresh token is an HttpOnly cookie); the response is read as JSON.
import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { he } from '@/i18n/he';
import { adminToken, authToken } from './storage';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly statusText: string;
  /** The parsed JSON body, else the body's text, else null. */
  readonly body: unknown;
  /** The stable error code of the body (`{ code }`), mapped to Hebrew by the catalogue in @tafrit/contracts. */
  readonly code: string | undefined;

  constructor(args: { message: string; status: number; statusText?: string; body?: unknown; cause?: unknown }) {
    super(args.message, args.cause === undefined ? undefined : { cause: args.cause });
    this.status = args.status;
    this.statusText = args.statusText ?? '';
    this.body = args.body ?? null;
    this.code = codeOf(this.body);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function codeOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string') return body.code;
  return undefined;
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  return typeof body.message === 'string' && body.message.trim() !== '' ? body.message : undefined;
}

const ADMIN_PATH = /\/api\/admin(\/|$)/;
const ADMIN_SEND_CODE_PATH = '/api/admin/send-otp';

function pathOf(url: string): string {
  const path = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '').split(/[?#]/)[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The bearer token a call to `url` carries, or null for none. */
export function tokenFor(url: string): string | null {
  const path = pathOf(url);
  if (ADMIN_PATH.test(path)) return path === ADMIN_SEND_CODE_PATH ? null : adminToken.get();
  return authToken.get();
}

async function send(
  method: HttpMethod,
  url: string,
  body: unknown,
  signal: AbortSignal | undefined,
  extraHeaders: Record<string, string> = {},
) {
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
  const token = tokenFor(url);
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  try {
    return await fetch(url, { method, headers, body: payload, credentials: 'include', signal });
  } catch (error) {
    // Cancellation belongs to the caller (React Query aborts queries it no longer needs): pass it through.
    if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    throw new ApiError({ message: he.errors.network, status: 0, cause: error });
  }
}

/**
 * The error of a response that is not ok: the body's `message`; failing that `HTTP {status}: {statusText}`; a body
 * that is not JSON gives its plain text, failing that the same HTTP message. An HTML error page (a proxy's 502) is
 * not a message for people, so it gives the HTTP message too.
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const httpMessage = `HTTP ${response.status}: ${response.statusText}`;
  const text = await response.text().catch(() => '');
  const base = { status: response.status, statusText: response.statusText };
  try {
    const body: unknown = JSON.parse(text);
    return new ApiError({ ...base, body, message: messageOf(body) ?? httpMessage });
  } catch {
    const plain = text.trim();
    const isHtml = /^\s*</.test(plain) || (response.headers.get('Content-Type') ?? '').includes('text/html');
    return new ApiError({ ...base, body: text || null, message: plain && !isHtml ? plain : httpMessage });
  }
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (text.trim() === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new ApiError({
      message: `HTTP ${response.status}: ${response.statusText}`,
      status: response.status,
      statusText: response.statusText,
      body: text,
      cause,
    });
  }
}

/**
 * `apiRequest('POST', '/api/send-otp', { phone })`. Resolves to the parsed JSON (undefined for an empty body),
 * rejects with an ApiError.
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod | undefined,
  url: string,
  body?: unknown,
  options: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  const response = await send(method ?? 'GET', url, body, options.signal, options.headers);
  if (!response.ok) throw await errorFromResponse(response);
  return readJson<T>(response);
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The URL of a query key: its parts joined with slashes (`['/api/orders', id]` -> `/api/orders/{id}`). */
export function urlFromQueryKey(queryKey: QueryKey): string {
  return queryKey
    .filter((part) => typeof part === 'string' || typeof part === 'number')
    .map(String)
    .join('/');
}

/** A query function that GETs the URL of its key; on a 401 it either yields null or fails (the default). */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options?: { on401?: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 = 'throw' }: { on401?: UnauthorizedBehavior } = {}): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await send('GET', urlFromQueryKey(queryKey), undefined, signal);
    if (on401 === 'returnNull' && response.status === 401) return null;
    if (!response.ok) throw await errorFromResponse(response);
    return readJson<T>(response);
  };
}
