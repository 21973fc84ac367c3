// The contact module's front door: other modules import only from here.
export { ContactModule } from './contact.module.js';
export { GetContactMessagesQuery } from './application/get-contact-messages.query.js';

import { ContactSubmissionEntity } from './persistence/contact-submission.entity.js';
/** The module's MikroORM entities, for the app's list (backend/src/entities.ts). */
export const contactEntities = [ContactSubmissionEntity];
