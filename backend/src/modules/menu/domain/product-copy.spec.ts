import { MENU_LIMITS } from '@tafrit/contracts';
import { copyName, COPY_SUFFIX, orderWithCopy } from './product-copy.js';

describe('duplicating a product', () => {
  it('names the copy after the original, marked as a copy', () => {
    expect(copyName('הפוך')).toBe('הפוך (עותק)');
    expect(copyName('  קפה קר  ')).toBe('קפה קר (עותק)');
  });

  it('shortens a name at the limit so the copy is still a valid product, keeping the mark', () => {
    const longest = 'א'.repeat(MENU_LIMITS.productNameMax);
    const name = copyName(longest);
    expect(name).toHaveLength(MENU_LIMITS.productNameMax);
    expect(name.endsWith(COPY_SUFFIX)).toBe(true);
  });

  it('never cuts an emoji in half', () => {
    const name = copyName('🍰'.repeat(MENU_LIMITS.productNameMax));
    expect(name.endsWith(`🍰${COPY_SUFFIX}`)).toBe(true);
    expect([...name.slice(0, -COPY_SUFFIX.length)].every((character) => character === '🍰')).toBe(true);
  });

  it('given a category [croissant, coffee, cake], when coffee is duplicated, then the copy comes right after it', () => {
    expect(orderWithCopy([1, 2, 3], 2, 9)).toEqual([1, 2, 9, 3]);
    expect(orderWithCopy([1, 2, 3], 3, 9)).toEqual([1, 2, 3, 9]);
  });

  it('given the copy already listed (read after its insert), then it is placed once, after the original', () => {
    expect(orderWithCopy([9, 1, 2], 1, 9)).toEqual([1, 9, 2]);
  });

  it('given an original no longer in the category, then the copy goes last', () => {
    expect(orderWithCopy([1, 3], 2, 9)).toEqual([1, 3, 9]);
  });
});
