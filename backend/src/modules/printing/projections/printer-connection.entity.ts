import { defineEntity, p } from '@mikro-orm/core';

export const PrinterConnectionEntity = defineEntity({
  name: 'PrinterConnection',
  tableName: 'printer_connections',
  properties: {
    id: p.integer().primary().autoincrement(),
    businessId: p.string().length(16).unique('printer_connections_business_unique'),
    agentId: p.string().length(64).unique('printer_connections_agent_unique'),
    printerName: p.string().length(200).nullable(),
    printerType: p.string().length(50).nullable(),
    connectionType: p.string().length(50).nullable(),
    isOnline: p.boolean().default(false),
    lastSeen: p.datetime().columnType('timestamptz').nullable(),
    agentVersion: p.string().length(50).nullable(),
    operatingSystem: p.string().length(100).nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
export type PrinterConnection = InstanceType<typeof PrinterConnectionEntity.class>;
