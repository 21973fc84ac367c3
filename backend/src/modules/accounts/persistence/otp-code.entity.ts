import { defineEntity, p } from '@mikro-orm/core';

/** One-time codes are plain state. Only a keyed hash of the code is stored (DESIGN.md §6), never the digits. */
export const OtpCodeEntity = defineEntity({
  name: 'OtpCode',
  tableName: 'otp_codes',
  properties: {
    id: p.integer().primary().autoincrement(),
    phone: p.string().length(16),
    purpose: p.string().length(10).default('owner'),
    codeHash: p.string().length(128),
    expiresAt: p.datetime().columnType('timestamptz'),
    isUsed: p.boolean().default(false),
    attempts: p.integer().default(0),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
export type OtpCode = InstanceType<typeof OtpCodeEntity.class>;
