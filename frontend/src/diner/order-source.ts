// Where the diner came from (issue 33): a table's QR code (its `?table=`), the window poster's (`?src=window`), or a
// shared address, with its `?src=` tag if any. Read on the menu's address and kept for the tab (sessionStorage, per
// department, beside the cart): the cart and checkout pages carry no query, and a new tab is a new visit.
import { ORDER_SOURCE_CHANNELS, SOURCE_TAG, sourceOfVisit, type OrderSource } from '@tafrit/contracts/menu-address';

const key = (departmentId: string) => `source_${departmentId}`;

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function isSource(value: unknown): value is OrderSource {
  if (typeof value !== 'object' || value === null) return false;
  const { channel, tag } = value as Record<string, unknown>;
  return (
    ORDER_SOURCE_CHANNELS.includes(channel as OrderSource['channel']) &&
    (tag === undefined || (typeof tag === 'string' && SOURCE_TAG.test(tag)))
  );
}

/** The source this tab came from, or undefined when none is kept. */
export function keptSource(departmentId: string): OrderSource | undefined {
  try {
    const value: unknown = JSON.parse(session()?.getItem(key(departmentId)) ?? 'null');
    return isSource(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The menu's address was opened: its query says where from; without one (back to the menu from the cart), what the tab
 * kept stays; a first visit without one is a bare shared link.
 */
export function rememberSource(departmentId: string, query: { table?: string; src?: string | null }): void {
  const source = sourceOfVisit(query) ?? keptSource(departmentId) ?? { channel: 'link' };
  try {
    session()?.setItem(key(departmentId), JSON.stringify(source));
  } catch {
    // A tab without storage orders all the same, its source as a bare link.
  }
}

/** What create-payment is told: the kept source, else a link (an order always came from somewhere). */
export const orderSource = (departmentId: string): OrderSource => keptSource(departmentId) ?? { channel: 'link' };
