// The shared table (issue 34), the part the first bundle needs: the poster's secret is kept with its table, so the
// cart and checkout pages (whose addresses carry neither) still know the table's cart. "Just for me" is kept as the secret it was chosen at: the
// next scan of another poster, or a new secret, joins the table again.
import { readString, remove, writeString } from '@/lib/storage';

const tableSecretKey = (departmentId: string) => `tableSecret_${departmentId}`;
const tableAloneKey = (departmentId: string) => `tableAlone_${departmentId}`;

export function saveTableSecret(departmentId: string, key: string | undefined): void {
  if (key) writeString(tableSecretKey(departmentId), key);
  else remove(tableSecretKey(departmentId));
}

export function loadTableSecret(departmentId: string): string | undefined {
  return readString(tableSecretKey(departmentId)) || undefined;
}

export function setTableAlone(departmentId: string, key: string | null): void {
  if (key) writeString(tableAloneKey(departmentId), key);
  else remove(tableAloneKey(departmentId));
}

export function isTableAlone(departmentId: string, key: string): boolean {
  return readString(tableAloneKey(departmentId)) === key;
}

/** The shared table this page has joined (its number and secret), for create-payment's `table`; none when alone. */
const joinedTables = new Map<string, { table: number; key: string }>();

export function setJoinedTable(departmentId: string, place: { table: number; key: string } | null): void {
  if (place) joinedTables.set(departmentId, { table: place.table, key: place.key });
  else joinedTables.delete(departmentId);
}

export function joinedTable(departmentId: string): { number: number; key: string } | undefined {
  const place = joinedTables.get(departmentId);
  return place ? { number: place.table, key: place.key } : undefined;
}
