// The first bundle's only part of the shared table (issue 34): at a table whose poster carried a secret, fetch this
// folder's chunk (the table's cart, its socket and its screens, in every language) and hold its session. Anywhere
// else nothing is fetched; the menu works on the private cart meanwhile and whenever the table cannot be joined.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { TableSession, TableView } from './types';

export type SharedTableChunk = typeof import('./index');

export interface SharedTable {
  session: TableSession;
  view: TableView;
  ui: SharedTableChunk;
}

/** The table's session, or `'loading'` while a table with a secret is known but its chunk or state is not here yet. */
export type SharedTableHere = SharedTable | 'loading' | undefined;

const TABLE_NUMBER = /^[1-9]\d{0,2}$/;
const noSubscribe = () => () => undefined;
const noView = () => undefined;

/**
 * The session of the shared table at `table` with `key` once its chunk and first answer are here (joined, or why not);
 * `'loading'` until then; undefined where there is no shared table.
 */
export function useSharedTable(
  departmentId: string | undefined,
  table: string | undefined,
  key: string | undefined,
): SharedTableHere {
  const [held, setHeld] = useState<{ session: TableSession; ui: SharedTableChunk } | undefined>();
  const number = table && TABLE_NUMBER.test(table) ? Number(table) : undefined;
  useEffect(() => {
    if (!departmentId || number === undefined || !key) return;
    let live = true;
    let session: TableSession | undefined;
    void import('./index').then(
      (ui) => {
        if (!live) return;
        session = ui.openTableSession({ departmentId, table: number, key });
        setHeld({ session, ui });
      },
      () => undefined,
    );
    return () => {
      live = false;
      session?.dispose();
      setHeld(undefined);
    };
  }, [departmentId, number, key]);
  const view = useSyncExternalStore(held?.session.subscribe ?? noSubscribe, held?.session.getView ?? noView, noView);
  // Loading only before the table's first answer: joining again (after "just for me") keeps the bar in place.
  if (held && view) return view.status === 'joining' && !view.state ? 'loading' : { ...held, view };
  return departmentId && number !== undefined && key ? 'loading' : undefined;
}
