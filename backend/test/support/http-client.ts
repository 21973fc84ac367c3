import type { TestApp } from './test-app.js';

export interface SetCookie {
  value: string;
  attributes: Record<string, string | true>;
}

export interface ApiAnswer<Body = Record<string, unknown>> {
  status: number;
  body: Body;
  headers: Headers;
  /** The `Set-Cookie` headers of the answer, by cookie name. */
  cookies: Record<string, SetCookie>;
}

export interface CallOptions {
  body?: unknown;
  /** A bearer token for `Authorization`. */
  token?: string;
  /** Cookies to send, by name. */
  cookies?: Record<string, string>;
  /** Sent as `X-Forwarded-For` (the app trusts its proxy), so a test can speak from an address of its own. */
  ip?: string;
  headers?: Record<string, string>;
  form?: FormData;
}

/** A JSON call to the in-process app, returning status, parsed body, headers and the cookies it set. */
export async function call<Body = Record<string, unknown>>(
  app: TestApp,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer<Body>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.cookies) {
    headers.cookie = Object.entries(options.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a served file): keep the text.
  }
  return { status: response.status, body: body as Body, headers: response.headers, cookies: parseSetCookies(response) };
}

function parseSetCookies(response: Response): Record<string, SetCookie> {
  const cookies: Record<string, SetCookie> = {};
  for (const header of response.headers.getSetCookie()) {
    const [pair = '', ...rest] = header.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const attribute of rest) {
      const [key = '', value] = attribute.split('=');
      attributes[key.toLowerCase()] = value ?? true;
    }
    cookies[pair.slice(0, separator)] = { value: pair.slice(separator + 1), attributes };
  }
  return cookies;
}
