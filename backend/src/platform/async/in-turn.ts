/**
 * Runs work keyed alike one after another within this process, in the order it was asked; work under other keys runs
 * alongside. For writers of one event stream: decided in turn they never collide here, so optimistic concurrency's
 * retries are left for writers in other processes, and a burst of writers (a whole table adding at once) cannot run a
 * writer out of its retries while the machine is busy. A key is forgotten once its last work settles.
 */
export class InTurn {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    // Work runs after the one before it settled, whether that one succeeded or failed.
    const result = before.then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with work running or waiting (for tests: nothing is kept once all settled). */
  get keys(): number {
    return this.tails.size;
  }
}
