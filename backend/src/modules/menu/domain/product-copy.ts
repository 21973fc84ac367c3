import { MENU_LIMITS } from '@tafrit/contracts';

/** What a copy's name ends with: the owner sees at once which of the two is the new one. */
export const COPY_SUFFIX = ' (עותק)';

/**
 * The copy's name: "<name> (עותק)", the original name shortened (never the suffix) when both would pass the product
 * name's limit, so the copy is always a valid product.
 */
export function copyName(name: string): string {
  const room = MENU_LIMITS.productNameMax - COPY_SUFFIX.length;
  // By code points, so a shortened name never ends in half of an emoji.
  const kept = [...name.trim()].slice(0, room).join('').trimEnd();
  return `${kept}${COPY_SUFFIX}`;
}

/**
 * The category's products in their order (ids), with the copy placed right after the original; the index of each id
 * is its new position. An original that is not in the list (moved away meanwhile) puts the copy last.
 */
export function orderWithCopy(ids: readonly number[], originalId: number, copyId: number): number[] {
  const others = ids.filter((id) => id !== copyId);
  const at = others.indexOf(originalId);
  return at === -1 ? [...others, copyId] : [...others.slice(0, at + 1), copyId, ...others.slice(at + 1)];
}
