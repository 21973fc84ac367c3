import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand';

describe('onDemand', () => {
  it('loads once, however often it is asked for or warmed', async () => {
    const load = vi.fn(async () => 42);
    const get = onDemand(load);
    expect(load).not.toHaveBeenCalled();
    get.warm();
    get.warm();
    await expect(get()).resolves.toBe(42);
    await expect(get()).resolves.toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load instead of remembering the failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('ok');
    const get = onDemand(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('swallows the failure of a warm-up (the next call reports it)', async () => {
    const get = onDemand(() => Promise.reject(new Error('offline')));
    get.warm();
    await expect(get()).rejects.toThrow('offline');
  });
});
