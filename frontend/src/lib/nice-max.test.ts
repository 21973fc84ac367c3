import { describe, expect, it } from 'vitest';
import { niceMax } from './nice-max';

describe('niceMax', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 0.4, 1, 1.2, 2, 3, 7, 10, 11, 180, 200, 201, 4_999, 5_001].map(niceMax)).toEqual([
      1, 1, 1, 2, 2, 5, 10, 10, 20, 200, 200, 500, 5_000, 10_000,
    ]);
  });
});
