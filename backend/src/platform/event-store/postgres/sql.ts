import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Raw SQL on the em's own connection, inside its transaction when it has one. Never a second pool: on PGlite the
 * ORM's single connection is the only one, and a query that waited for another would wait forever.
 * Parameters are `?` placeholders (MikroORM quotes them).
 */
export function query<Row>(em: EntityManager, sql: string, params: readonly unknown[] = []): Promise<Row[]> {
  return em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Promise<Row[]>;
}

/** Like `query`, for statements whose row count matters (compare-and-set updates). */
export async function execute(em: EntityManager, sql: string, params: readonly unknown[] = []): Promise<number> {
  const result = await em.getConnection().execute<QueryResult>(sql, params, 'run', em.getTransactionContext());
  return result.affectedRows;
}
