import type { EntityClass } from './platform/database/orm.js';
import type { RepeatableSql } from './platform/database/repeatable-sql.js';
import { accountsEntities } from './modules/accounts/index.js';
import { adminEntities } from './modules/admin/index.js';
import { contactEntities } from './modules/contact/index.js';
import { menuEntities } from './modules/menu/index.js';
import { orderingEntities, orderingRepeatableSql } from './modules/ordering/index.js';
import { printingEntities } from './modules/printing/index.js';
import { termsEntities } from './modules/terms/index.js';

/**
 * Every MikroORM entity of the app, gathered from the modules' front doors and handed to the database: platform
 * imports no module, and there is no folder discovery, so tests and the bundled build see the same set.
 */
export const entities: readonly EntityClass[] = [
  ...accountsEntities,
  ...menuEntities,
  ...orderingEntities,
  ...adminEntities,
  ...termsEntities,
  ...contactEntities,
  ...printingEntities,
];

/**
 * The modules' repeatable SQL (decision 039), handed to the database with the entities: each applied after the
 * migrations whenever its text changed.
 */
export const repeatableSql: readonly RepeatableSql[] = [...orderingRepeatableSql];
