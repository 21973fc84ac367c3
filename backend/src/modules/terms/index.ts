// The terms module's front door: other modules import only from here.
export { TermsModule } from './terms.module.js';

import { SystemSettingEntity } from './persistence/system-setting.entity.js';
/** The module's MikroORM entities, for the app's list (backend/src/entities.ts). */
export const termsEntities = [SystemSettingEntity];
