import { defineEntity, p } from '@mikro-orm/core';

export const ContactSubmissionEntity = defineEntity({
  name: 'ContactSubmission',
  tableName: 'contact_submissions',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    email: p.string().length(254),
    message: p.string().length(2000),
    ipAddress: p.string().length(64).nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
export type ContactSubmission = InstanceType<typeof ContactSubmissionEntity.class>;
