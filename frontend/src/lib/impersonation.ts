// The hand-over of an impersonated business session (product spec §4): the admin screen opens an owner page with
// `#impersonate=<token>&business=<base64url JSON>`. A fragment never reaches a server, a proxy log or a Referer
// header; the owner page stores it and removes it from the address at once. Imported by the admin and owner areas
// only (never by a route file), so it stays out of the entry chunk.

const TOKEN_KEY = 'impersonate';
const BUSINESS_KEY = 'business';

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export interface ImpersonationHandOver {
  token: string;
  business: unknown;
}

/** `impersonate=...&business=...`, without the leading '#'. */
export function impersonationFragment({ token, business }: ImpersonationHandOver): string {
  const params = new URLSearchParams({ [TOKEN_KEY]: token, [BUSINESS_KEY]: toBase64Url(JSON.stringify(business)) });
  return params.toString();
}

/** The hand-over in a location hash ('#impersonate=...' or without '#'), or null when there is none or it is broken. */
export function readImpersonationFragment(hash: string): ImpersonationHandOver | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get(TOKEN_KEY);
  if (!token) return null;
  const encoded = params.get(BUSINESS_KEY);
  let business: unknown = null;
  if (encoded) {
    try {
      business = JSON.parse(fromBase64Url(encoded));
    } catch {
      business = null;
    }
  }
  return { token, business };
}
