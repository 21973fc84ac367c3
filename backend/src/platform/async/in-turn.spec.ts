import { describe, expect, it } from '@jest/globals';
import { InTurn } from './in-turn.js';

const deferred = () => {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('InTurn', () => {
  it('runs work under one key one after another in the order asked, and other keys alongside', async () => {
    const turns = new InTurn();
    const log: string[] = [];
    const first = deferred();
    const a1 = turns.run('a', async () => {
      log.push('a1 start');
      await first.promise;
      log.push('a1 end');
      return 1;
    });
    const a2 = turns.run('a', async () => {
      log.push('a2');
      return 2;
    });
    const b1 = turns.run('b', async () => {
      log.push('b1');
      return 3;
    });
    expect(await b1).toBe(3);
    expect(log).toEqual(['a1 start', 'b1']);
    first.resolve();
    expect(await Promise.all([a1, a2])).toEqual([1, 2]);
    expect(log).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
  });

  it('goes on after a failure, which reaches only its own caller, and forgets settled keys', async () => {
    const turns = new InTurn();
    const failing = turns.run('a', () => Promise.reject(new Error('no')));
    const next = turns.run('a', () => Promise.resolve('yes'));
    await expect(failing).rejects.toThrow('no');
    expect(await next).toBe('yes');
    await new Promise((resolve) => setImmediate(resolve));
    expect(turns.keys).toBe(0);
  });
});
