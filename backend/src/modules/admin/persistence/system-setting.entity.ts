import { defineEntity, p } from '@mikro-orm/core';

export const SystemSettingEntity = defineEntity({
  name: 'SystemSetting',
  tableName: 'system_settings',
  properties: {
    id: p.integer().primary().autoincrement(),
    key: p.string().length(100).unique('system_settings_key_unique'),
    value: p.text(),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
export type SystemSetting = InstanceType<typeof SystemSettingEntity.class>;
