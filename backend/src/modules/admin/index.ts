// The admin module's front door: other modules import only from here.
export { AdminModule } from './admin.module.js';

import { AdminUserEntity } from './persistence/admin-user.entity.js';
/** The module's MikroORM entities, for the app's list (backend/src/entities.ts). */
export const adminEntities = [AdminUserEntity];
