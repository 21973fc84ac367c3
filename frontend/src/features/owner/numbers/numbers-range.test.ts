import { describe, expect, it } from 'vitest';
import { presetRange, rangeAllowed } from './numbers-range';

describe('the range presets, in Israel dates', () => {
  // 00:30 on 1 March 2026 in Israel is still 28 February in UTC.
  const now = new Date('2026-02-28T22:30:00Z');

  it('reads "today" on the Israel calendar', () => {
    expect(presetRange('thisMonth', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('lastMonth', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('last30', now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetRange('thisYear', now)).toEqual({ from: '2026-01-01', to: '2026-03-01' });
  });

  it('takes January back to the December before', () => {
    expect(presetRange('lastMonth', new Date('2026-01-15T10:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it('keeps a custom range and allows only what the server does', () => {
    expect(presetRange('custom', now, { from: '2025-05-01', to: '2025-06-01' })).toEqual({
      from: '2025-05-01',
      to: '2025-06-01',
    });
    expect(rangeAllowed({ from: '2026-03-02', to: '2026-03-01' })).toBe(false);
    expect(rangeAllowed({ from: '2025-01-01', to: '2026-03-01' })).toBe(false);
    expect(rangeAllowed({ from: '2025-03-01', to: '2026-03-01' })).toBe(true);
  });
});
