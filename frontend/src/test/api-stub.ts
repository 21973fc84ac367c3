// A stand-in for the server in component tests: every fetch() goes to `handler`; what it does not answer is a 404
// in the API's envelope. Calls are recorded for assertions.
import type { OwnerBusiness } from '@tafrit/contracts/http/accounts.schemas';
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function failure(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return json({ success: false, code, message, ...extra }, status);
}

export function stubApi(handler: (call: ApiCall) => Response | Promise<Response> | undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const text = typeof init.body === 'string' ? init.body : undefined;
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path: String(input),
        body: text === undefined ? init.body : JSON.parse(text),
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      return (await handler(call)) ?? failure(404, 'api.not_found', 'not found');
    }),
  );
  return calls;
}

export const demoBusiness: OwnerBusiness = {
  phone: '+972523456789',
  fullName: 'דנה כהן',
  businessName: 'קפה הגפן',
  email: 'dana@example.co.il',
  idNumber: '515678902',
  bankName: '12',
  branch: '600',
  accountNumber: '123456',
  beneficiaryName: 'קפה הגפן בע"מ',
  receiptPhone: null,
  street: 'שדרות רוטשילד 22',
  city: 'תל אביב-יפו',
  logo: null,
  departmentId: 'demo',
  isActive: true,
  cardcomEnabled: false,
  cardcomTerminalNumber: null,
  cardcomApiPasswordSet: false,
  createdAt: '2024-05-01T10:00:00.000Z',
};

/** base64url JSON, the way the admin screen puts the business into the hand-over fragment. */
export function base64UrlJson(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
