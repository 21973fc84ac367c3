// Files (CSV, Masav, the uniform structure's zip): fetched with the admin token (a plain link could not carry it)
// and saved from a blob.
import { he } from '@/i18n/he';
import { ApiError, errorFromResponse, tokenFor } from '@/lib/api-client';
import { filenameFrom, saveBlob } from '@/lib/download';
import { expireOn401 } from './session';

export async function fetchAdminFile(url: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = { Accept: 'text/csv, text/plain, application/zip, application/octet-stream' };
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

export async function downloadAdminFile(url: string, fallbackName: string): Promise<string> {
  const { blob, filename } = await fetchAdminFile(url, fallbackName);
  saveBlob(blob, filename);
  return filename;
}
