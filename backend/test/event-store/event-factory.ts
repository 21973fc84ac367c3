import type { EntityManager } from '@mikro-orm/postgresql';
import type { NewEvent } from '../../src/platform/event-store/event-store.port.js';

export function newEvent(type: string, data: Record<string, unknown> = {}): NewEvent {
  return {
    type,
    data,
    metadata: {
      correlationId: 'correlation-1',
      actor: { kind: 'system' },
      occurredAt: '2026-11-21T10:00:00.000Z',
      schemaVersion: 1,
    },
  };
}

/** Raw SQL for test fixtures, on the em's connection (PGlite has only one). */
export function sql<Row = Record<string, unknown>>(em: EntityManager, text: string, params: unknown[] = []) {
  return em.getConnection().execute(text, params, 'all', em.getTransactionContext()) as Promise<Row[]>;
}

export function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = async () => {
      if (await condition()) return resolve();
      if (Date.now() > deadline) return reject(new Error('condition not met in time'));
      setTimeout(() => void check().catch(reject), 10);
    };
    void check().catch(reject);
  });
}
