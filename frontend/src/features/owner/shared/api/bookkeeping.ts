// The accountant's files (issue 32): the month's zip and the uniform structure's zip. Like the report's CSV
// (reports.ts) they go through fetch with the bearer token, which a plain link could not carry, and are saved from a
// blob; a refusal is the server's JSON envelope with a Hebrew message.
import type { BookkeepingRangeQuery } from '@tafrit/contracts/http/bookkeeping.schemas';
import { saveBlob } from '@/lib/download';
import { fetchOwnerFile, type SavedFile } from './owner-file';

export const BOOKKEEPING_MONTH_URL = '/api/bookkeeping/months';
export const UNIFORM_STRUCTURE_URL = '/api/bookkeeping/uniform-structure';

export type { SavedFile };

/** A zip with the session's token. */
const fetchZip = (url: string, fallbackName: string): Promise<SavedFile> =>
  fetchOwnerFile(url, 'application/zip', fallbackName);

/** GET /api/bookkeeping/months/{YYYY-MM}: the month's tax documents, ledger, VAT and reconciliation. */
export function fetchBookkeepingMonth(month: string): Promise<SavedFile> {
  return fetchZip(`${BOOKKEEPING_MONTH_URL}/${encodeURIComponent(month)}`, `bookkeeping-${month}.zip`);
}

/** GET /api/bookkeeping/uniform-structure?from=&to=: INI.TXT and BKMVDATA.TXT of the range (one tax year). */
export function fetchUniformStructure({ from, to }: BookkeepingRangeQuery): Promise<SavedFile> {
  const query = new URLSearchParams({ from, to });
  return fetchZip(`${UNIFORM_STRUCTURE_URL}?${query.toString()}`, `uniform-structure-${from}-${to}.zip`);
}

/** Fetches and saves the month's zip; the saved file's name. */
export async function downloadBookkeepingMonth(month: string): Promise<string> {
  const { blob, filename } = await fetchBookkeepingMonth(month);
  saveBlob(blob, filename);
  return filename;
}

/** Fetches and saves the uniform structure's zip; the saved file's name. */
export async function downloadUniformStructure(range: BookkeepingRangeQuery): Promise<string> {
  const { blob, filename } = await fetchUniformStructure(range);
  saveBlob(blob, filename);
  return filename;
}
