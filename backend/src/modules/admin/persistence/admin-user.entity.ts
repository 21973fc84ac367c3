import { defineEntity, p } from '@mikro-orm/core';

export const AdminUserEntity = defineEntity({
  name: 'AdminUser',
  tableName: 'admin_users',
  properties: {
    id: p.integer().primary().autoincrement(),
    username: p.string().length(100).unique('admin_users_username_unique'),
    email: p.string().length(254).unique('admin_users_email_unique'),
    phone: p.string().length(16).nullable().unique('admin_users_phone_unique'),
    passwordHash: p.string().length(255).nullable(),
    role: p.string().length(20).default('admin'),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
export type AdminUser = InstanceType<typeof AdminUserEntity.class>;
