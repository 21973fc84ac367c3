export interface BackoffOptions {
  /** Delay before the second attempt; doubles on each further attempt. */
  initialMs: number;
  maxMs: number;
}

/** Exponential backoff with a little jitter, so two instances that failed together do not retry in lockstep. */
export function backoffDelay(attempt: number, { initialMs, maxMs }: BackoffOptions): number {
  const exponential = Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

/** A timer that a `wake()` or a stop can cut short. */
export class Sleeper {
  private wakers = new Set<() => void>();

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  wakeAll(): void {
    for (const wake of [...this.wakers]) wake();
  }
}
