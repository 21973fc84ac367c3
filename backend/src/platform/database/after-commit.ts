import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

type Callback = () => void;
type Transaction = object;

/** Callbacks waiting for their transaction (or savepoint) to commit. */
const waiting = new WeakMap<Transaction, Callback[]>();
/** A savepoint's enclosing transaction: its callbacks move there when it is released. */
const enclosing = new WeakMap<Transaction, Transaction>();
/** The transaction an EntityManager is opening a savepoint in, between the start events. */
const opening = new WeakMap<object, Transaction>();

/**
 * Runs `callback` once the transaction `em` is in has committed, or at once when `em` is in none. A callback
 * registered inside a savepoint (a nested `transactional`, such as an append joining the caller's transaction) waits
 * for the outermost commit; a rollback, of the whole transaction or of that savepoint, drops it. For effects outside
 * the database that must never get ahead of the data, such as dropping a cache that a reader would otherwise refill
 * with rows from before the commit.
 *
 * Callbacks must not throw: the data is committed by then, and a failure must not make the write look failed.
 */
export function afterCommit(em: EntityManager, callback: Callback): void {
  const transaction = em.getTransactionContext<Transaction>();
  if (!transaction) {
    callback();
    return;
  }
  const callbacks = waiting.get(transaction);
  if (callbacks) callbacks.push(callback);
  else waiting.set(transaction, [callback]);
}

/** MikroORM's transaction events drive `afterCommit`; registered once, in the ORM's configuration (orm.ts). */
export class AfterCommitHooks implements EventSubscriber {
  beforeTransactionStart({ em, transaction }: TransactionEventArgs): void {
    // Only a savepoint starts inside a transaction: MikroORM hands the enclosing one here.
    if (transaction) opening.set(em, transaction);
  }

  afterTransactionStart({ em, transaction }: TransactionEventArgs): void {
    const outer = opening.get(em);
    if (!outer || !transaction) return;
    opening.delete(em);
    enclosing.set(transaction, outer);
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (!transaction) return;
    const callbacks = waiting.get(transaction);
    if (!callbacks) return;
    waiting.delete(transaction);
    const outer = enclosing.get(transaction);
    if (outer) {
      // A released savepoint is not a commit yet: its callbacks wait for the enclosing transaction.
      waiting.set(outer, [...(waiting.get(outer) ?? []), ...callbacks]);
      return;
    }
    for (const callback of callbacks) {
      try {
        callback();
      } catch {
        // Committed already: see afterCommit.
      }
    }
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    if (transaction) waiting.delete(transaction);
  }
}
