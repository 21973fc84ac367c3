import { loadMetricsToken } from './metrics.config.js';

describe('the metrics token', () => {
  it('serves no metrics unless a token of 32 characters or more is given (an empty one is unset)', () => {
    expect(loadMetricsToken({})).toBeUndefined();
    expect(loadMetricsToken({ METRICS_TOKEN: '' })).toBeUndefined();
    const token = 'a'.repeat(32);
    expect(loadMetricsToken({ METRICS_TOKEN: token })).toBe(token);
    expect(() => loadMetricsToken({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 32/);
  });
});
