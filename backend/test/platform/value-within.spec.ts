import { valueWithin } from '../../src/platform/async/within.js';

describe('valueWithin (a read a page can be drawn without)', () => {
  it('answers the value when it comes in time', async () => {
    await expect(valueWithin(Promise.resolve({ order: 7 }), 1_000)).resolves.toEqual({ order: 7 });
  });

  it('answers undefined when the work fails', async () => {
    await expect(valueWithin(Promise.reject(new Error('database down')), 1_000)).resolves.toBeUndefined();
  });

  it('answers undefined when the work has not settled in time, without waiting for it', async () => {
    let finish: (value: string) => void = () => {};
    const slow = new Promise<string>((resolve) => (finish = resolve));
    await expect(valueWithin(slow, 5)).resolves.toBeUndefined();
    finish('too late');
  });
});
