import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query client defaults (product spec §9)', () => {
  it('never retries, never refetches on focus or by interval, and keeps data fresh forever', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.staleTime).toBe(Infinity);
    expect(defaults.mutations?.retry).toBe(false);
    expect(typeof defaults.queries?.queryFn).toBe('function');
  });
});
