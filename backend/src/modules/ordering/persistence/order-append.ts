import { readFileSync } from 'node:fs';
import type { RepeatableSql } from '../../../platform/database/repeatable-sql.js';

/**
 * `order_append`, the order's write path in SQL (order-append.sql beside this file, copied into the build with it):
 * the database applies it after the migrations whenever its text changed (decision 039).
 */
export const orderAppendSql: RepeatableSql = {
  name: 'ordering.order_append',
  sql: readFileSync(new URL('./order-append.sql', import.meta.url), 'utf8'),
};
