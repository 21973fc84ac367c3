import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';

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

/**
 * Like `query`, with the parameters bound (`$1`, `$2`...: PostgreSQL's extended protocol) instead of quoted into the
 * text. For a batch of rows sent as one JSON document: `query` escapes such a parameter character by character into
 * the SQL and the database lexes it back, once per statement; bound, it travels as one value. Same connection and
 * transaction as `query`.
 */
export async function boundQuery<Row>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<Row[]> {
  const runner =
    em.getTransactionContext<Transaction<unknown>>() ?? (em.getConnection().getClient() as Kysely<unknown>);
  const result = await runner.executeQuery<Row>(CompiledQuery.raw(sql, [...params]));
  return [...result.rows];
}
