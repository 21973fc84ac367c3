import { defineEntity, p } from '@mikro-orm/core';

/**
 * A business's secret, sealed by `SecretBox` (AES-256-GCM, decision 026). Plain state, outside the event log: the log
 * keeps only that a secret was set or removed, so no copy of the log or of a read model carries it.
 */
export const BusinessSecretEntity = defineEntity({
  name: 'BusinessSecret',
  tableName: 'business_secrets',
  properties: {
    businessId: p.string().length(16).primary(),
    name: p.string().length(40).primary(),
    keyId: p.string().length(40),
    ciphertext: p.text(),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
export type BusinessSecret = InstanceType<typeof BusinessSecretEntity.class>;

export const CARDCOM_API_PASSWORD = 'cardcom-api-password';
