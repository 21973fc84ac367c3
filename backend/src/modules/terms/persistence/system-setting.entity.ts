import { defineEntity, p } from '@mikro-orm/core';

/** Settings by key; today only the terms of use (`terms`), written by the terms projection. */
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
