// A file the owner's console downloads (the report's CSV, the accountant's zips): fetched with the session's bearer
// token, which a plain link could not carry, refreshed once on a 401 like every owner call, and saved from a blob. A
// refusal is the server's JSON envelope with a Hebrew message.
import { errorFromResponse, tokenFor } from '@/lib/api-client';
import { filenameFrom } from '@/lib/download';
import { withOwnerSession } from './session-request';

export interface SavedFile {
  blob: Blob;
  filename: string;
}

/** `url` as `accept`; the file's name from the answer's Content-Disposition, else `fallbackName`. */
export function fetchOwnerFile(url: string, accept: string, fallbackName: string): Promise<SavedFile> {
  return withOwnerSession(async () => {
    const headers: Record<string, string> = { Accept: accept };
    const token = tokenFor(url);
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(url, { headers, credentials: 'include' });
    if (!response.ok) throw await errorFromResponse(response);
    return {
      blob: await response.blob(),
      filename: filenameFrom(response.headers.get('Content-Disposition'), fallbackName),
    };
  });
}
