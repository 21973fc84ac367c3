import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { he } from '@/i18n/he';
import { ApiError, apiRequest, getQueryFn, tokenFor } from './api-client';

type FetchArgs = [input: string, init: RequestInit];

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function json(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

function headersOf(fetchMock: ReturnType<typeof stubFetch>, call = 0): Record<string, string> {
  return (fetchMock.mock.calls[call]?.[1].headers ?? {}) as Record<string, string>;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 'user-token');
  localStorage.setItem('adminToken', 'admin-token');
});

afterEach(() => {
  localStorage.clear();
});

describe('apiRequest', () => {
  it('defaults to GET, includes cookies and resolves to the parsed JSON', async () => {
    const fetchMock = stubFetch(() => json({ success: true, data: { id: 7 } }));
    await expect(apiRequest(undefined, '/api/business/profile')).resolves.toEqual({ success: true, data: { id: 7 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/business/profile');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect(headersOf(fetchMock)['Content-Type']).toBeUndefined();
  });

  it('sends a plain body as JSON', async () => {
    const fetchMock = stubFetch(() => json({ success: true }));
    await apiRequest('POST', '/api/send-otp', { phone: '0501234567' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"phone":"0501234567"}');
    expect(headersOf(fetchMock)['Content-Type']).toBe('application/json');
  });

  it('sends FormData as it is, leaving the multipart content type to the browser', async () => {
    const fetchMock = stubFetch(() => json({ success: true }));
    const form = new FormData();
    form.append('name', 'שקשוקה');
    await apiRequest('POST', '/api/products', form);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.body).toBe(form);
    expect(headersOf(fetchMock)['Content-Type']).toBeUndefined();
  });

  it('resolves to undefined for an empty body (204)', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiRequest('DELETE', '/api/categories/3')).resolves.toBeUndefined();
  });
});

describe('tokens', () => {
  it('sends the business token on business paths', async () => {
    const fetchMock = stubFetch(() => json({}));
    await apiRequest('GET', '/api/orders?month=2024-05');
    expect(headersOf(fetchMock).Authorization).toBe('Bearer user-token');
  });

  it('sends the admin token on admin paths', async () => {
    const fetchMock = stubFetch(() => json([]));
    await apiRequest('GET', '/api/admin/businesses');
    await apiRequest('PATCH', 'https://tafrit.example/api/admin/businesses/0501234567/toggle', { isActive: false });
    expect(headersOf(fetchMock, 0).Authorization).toBe('Bearer admin-token');
    expect(headersOf(fetchMock, 1).Authorization).toBe('Bearer admin-token');
  });

  it('sends no token at all with the admin send-code call', async () => {
    const fetchMock = stubFetch(() => json({ success: true }));
    await apiRequest('POST', '/api/admin/send-otp', { phone: '0501234567' });
    expect(headersOf(fetchMock).Authorization).toBeUndefined();
    // ... but the admin verify call is an admin path like any other.
    expect(tokenFor('/api/admin/verify-otp')).toBe('admin-token');
  });

  it('sends no header when no token is stored', async () => {
    localStorage.clear();
    const fetchMock = stubFetch(() => json({}));
    await apiRequest('GET', '/api/business/profile');
    expect(headersOf(fetchMock).Authorization).toBeUndefined();
  });

  it('does not mistake a path that merely starts alike for an admin path', () => {
    expect(tokenFor('/api/administrators-guide')).toBe('user-token');
    expect(tokenFor('/api/admin')).toBe('admin-token');
  });
});

describe('errors', () => {
  it("uses the JSON body's message and carries status, body and code", async () => {
    const body = { success: false, message: 'העסק מושהה', code: 'business.paused' };
    stubFetch(() => json(body, { status: 403, statusText: 'Forbidden' }));
    const error = await rejection(apiRequest('POST', '/api/cardcom/create-payment', {}));
    expect(error.message).toBe('העסק מושהה');
    expect(error.status).toBe(403);
    expect(error.body).toEqual(body);
    expect(error.code).toBe('business.paused');
  });

  it('falls back to HTTP {status}: {statusText} when the JSON has no message', async () => {
    stubFetch(() =>
      json({ success: false, code: 'DATABASE_UNAVAILABLE' }, { status: 503, statusText: 'Service Unavailable' }),
    );
    const error = await rejection(apiRequest('POST', '/api/register', {}));
    expect(error.message).toBe('HTTP 503: Service Unavailable');
    expect(error.code).toBe('DATABASE_UNAVAILABLE');
  });

  it('uses the plain text of a body that is not JSON', async () => {
    stubFetch(() => new Response('Too many requests, slow down', { status: 429, statusText: 'Too Many Requests' }));
    const error = await rejection(apiRequest('POST', '/api/send-otp', { phone: '0501234567' }));
    expect(error.message).toBe('Too many requests, slow down');
    expect(error.body).toBe('Too many requests, slow down');
    expect(error.code).toBeUndefined();
  });

  it('falls back to the HTTP message for an empty body', async () => {
    stubFetch(() => new Response('', { status: 500, statusText: 'Internal Server Error' }));
    const error = await rejection(apiRequest('GET', '/api/terms'));
    expect(error.message).toBe('HTTP 500: Internal Server Error');
    expect(error.status).toBe(500);
  });

  it('falls back to the HTTP message for an HTML error page', async () => {
    stubFetch(
      () =>
        new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const error = await rejection(apiRequest('GET', '/api/menu/demo'));
    expect(error.message).toBe('HTTP 502: Bad Gateway');
  });

  it('turns an unreachable server into an ApiError with status 0 and a Hebrew message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await rejection(apiRequest('GET', '/api/health/database'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(he.errors.network);
  });
});

describe('getQueryFn', () => {
  async function runQuery(queryFn: ReturnType<typeof getQueryFn>, queryKey: readonly unknown[]) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return client.fetchQuery({ queryKey, queryFn });
  }

  it('joins the key parts with slashes into the URL', async () => {
    const fetchMock = stubFetch(() => json({ success: true, data: [] }));
    await runQuery(getQueryFn(), ['/api/orders', 'dep-1', 'latest']);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/orders/dep-1/latest');
    expect(fetchMock.mock.calls[0]![1].method).toBe('GET');
  });

  it('yields null on 401 when configured to', async () => {
    stubFetch(() => json({ message: 'לא מחובר' }, { status: 401, statusText: 'Unauthorized' }));
    await expect(runQuery(getQueryFn({ on401: 'returnNull' }), ['/api/business/profile'])).resolves.toBeNull();
  });

  it('fails on 401 by default', async () => {
    stubFetch(() => json({ message: 'לא מחובר', code: 'auth.required' }, { status: 401, statusText: 'Unauthorized' }));
    const error = await rejection(runQuery(getQueryFn(), ['/api/business/profile']));
    expect(error.status).toBe(401);
    expect(error.message).toBe('לא מחובר');
  });

  it('still fails on other errors when 401 yields null', async () => {
    stubFetch(() => json({ message: 'שגיאת שרת' }, { status: 500, statusText: 'Internal Server Error' }));
    const error = await rejection(runQuery(getQueryFn({ on401: 'returnNull' }), ['/api/business/profile']));
    expect(error.status).toBe(500);
  });
});
