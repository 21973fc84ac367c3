// The signed-in business: profile read and update, logo upload with progress. Each call has its fetcher, its query
// options and its hook side by side (CONVENTIONS.md example 10).
import {
  ownerBusinessResponseSchema,
  regenerateQrResponseSchema,
  type BusinessProfileRequest,
  type OwnerBusiness,
} from '@tafrit/contracts/http/accounts.schemas';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { authToken, businessData, currentDepartmentId } from '@/lib/storage';
import { he } from '@/i18n/he';
import { roleMay } from '@tafrit/contracts/roles';
import { currentRole } from '../../sign-in/handover';
import { dataOf } from './responses';
import { ownerRequest, withOwnerSession } from './session-request';

export const PROFILE_URL = '/api/business/profile';
export const LOGO_URL = '/api/business/logo';
export const REGENERATE_QR_URL = '/api/business/regenerate-qr';

export async function getProfile(signal?: AbortSignal): Promise<OwnerBusiness> {
  return dataOf(ownerBusinessResponseSchema, await ownerRequest('GET', PROFILE_URL, undefined, { signal })).business;
}

export async function updateProfile(profile: BusinessProfileRequest): Promise<OwnerBusiness> {
  return dataOf(ownerBusinessResponseSchema, await ownerRequest('PUT', PROFILE_URL, profile)).business;
}

/** POST /api/business/regenerate-qr: the business's new public address (the old one stops working at once). */
export async function regenerateQr(): Promise<string> {
  return dataOf(regenerateQrResponseSchema, await ownerRequest('POST', REGENERATE_QR_URL)).departmentId;
}

export const profileQueryOptions = queryOptions({
  queryKey: [PROFILE_URL],
  queryFn: ({ signal }) => getProfile(signal),
});

/**
 * The business of the session: the copy stored at sign-in shows at once (header, logo), the server's copy replaces it
 * when it arrives. `isPlaceholderData` tells a form not to start from the stored copy. The profile is the owner's
 * alone (issue 31): anyone else in the team keeps the copy their sign-in answered, without the owner's fields.
 */
export function useOwnerBusiness() {
  return useQuery({
    ...profileQueryOptions,
    enabled: roleMay(currentRole(), 'business.owner'),
    placeholderData: () => businessData.get<OwnerBusiness>() ?? undefined,
  });
}

/** After a save or an upload: the screens, the header and the stored copy show the new business. */
export function rememberBusiness(queryClient: QueryClient, business: OwnerBusiness): void {
  queryClient.setQueryData(profileQueryOptions.queryKey, business);
  businessData.set(business);
}

export function useRememberBusiness() {
  const queryClient = useQueryClient();
  return (business: OwnerBusiness) => rememberBusiness(queryClient, business);
}

/**
 * After a new address: every screen (the QR card, the menu's link), the stored copy and the device's current
 * department show it, and the business is read again from the server.
 */
export function useRememberDepartment() {
  const queryClient = useQueryClient();
  return (departmentId: string) => {
    const business = queryClient.getQueryData<OwnerBusiness>(profileQueryOptions.queryKey);
    if (business) rememberBusiness(queryClient, { ...business, departmentId });
    currentDepartmentId.set(departmentId);
    void queryClient.invalidateQueries({ queryKey: profileQueryOptions.queryKey });
  };
}

function errorFromXhr(xhr: XMLHttpRequest): ApiError {
  const httpMessage = `HTTP ${xhr.status}: ${xhr.statusText}`;
  let body: unknown = xhr.responseText || null;
  let message = httpMessage;
  try {
    body = JSON.parse(xhr.responseText);
    const text = (body as { message?: unknown } | null)?.message;
    if (typeof text === 'string' && text.trim() !== '') message = text;
  } catch {
    // Not JSON: keep the HTTP message (an HTML error page is not for people).
  }
  return new ApiError({ message, status: xhr.status, statusText: xhr.statusText, body });
}

/**
 * A multipart upload that reports its progress (0..100). fetch() cannot report upload progress; XMLHttpRequest can
 * (spec §7: "upload progress"). Used by the logo and by the product form.
 */
export function sendWithProgress(
  method: 'POST' | 'PUT',
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = authToken.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorFromXhr(xhr));
      try {
        resolve(xhr.responseText ? JSON.parse(xhr.responseText) : undefined);
      } catch (cause) {
        reject(new ApiError({ message: `HTTP ${xhr.status}: ${xhr.statusText}`, status: xhr.status, cause }));
      }
    };
    xhr.onerror = () => reject(new ApiError({ message: he.errors.network, status: 0 }));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    xhr.send(form);
  });
}

/** POST /api/business/logo, multipart field `logo`; `onProgress` gets 0..100 while the file goes up. */
export async function uploadLogo(file: File, onProgress: (percent: number) => void): Promise<OwnerBusiness> {
  const response = await withOwnerSession(() => {
    const form = new FormData();
    form.append('logo', file);
    onProgress(0);
    return sendWithProgress('POST', LOGO_URL, form, onProgress);
  });
  return dataOf(ownerBusinessResponseSchema, response).business;
}
