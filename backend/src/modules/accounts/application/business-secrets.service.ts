import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/http/app-error.js';
import { SecretBox } from '../../../platform/secrets/secret-box.js';
import { BusinessSecretEntity, CARDCOM_API_PASSWORD } from '../persistence/business-secret.entity.js';

/** The sealed value is bound to its business and name: a row copied to another business does not open. */
const contextOf = (phone: string, name: string) => `business-secret:${phone}:${name}`;

/**
 * The businesses' sealed secrets (today only the own Cardcom terminal's ApiPassword). Writes happen only inside the
 * command handler's transaction that records `CardcomApiPasswordChanged`; reads open the value for the one call that
 * needs it (a refund) and nothing else ever sees it.
 */
@Injectable()
export class BusinessSecrets {
  private readonly logger = new Logger('BusinessSecrets');

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly box: SecretBox,
  ) {}

  /** Throws `secrets.unavailable` before anything is written when the server has no key. */
  assertAvailable(): void {
    if (!this.box.available) throw new AppError('secrets.unavailable');
  }

  async storeCardcomApiPassword(em: EntityManager, phone: string, password: string | null): Promise<void> {
    if (password === null) {
      await em.nativeDelete(BusinessSecretEntity, { businessId: phone, name: CARDCOM_API_PASSWORD });
      return;
    }
    const ciphertext = this.box.seal(password, contextOf(phone, CARDCOM_API_PASSWORD));
    await em.upsert(
      BusinessSecretEntity,
      {
        businessId: phone,
        name: CARDCOM_API_PASSWORD,
        keyId: this.box.currentKeyId,
        ciphertext,
        updatedAt: new Date(),
      },
      { onConflictFields: ['businessId', 'name'] },
    );
  }

  /** The terminal's password, or undefined when none is stored or it cannot be opened (a key removed too early). */
  async cardcomApiPassword(phone: string, em: EntityManager = this.database.em()): Promise<string | undefined> {
    const row = await em.findOne(BusinessSecretEntity, { businessId: phone, name: CARDCOM_API_PASSWORD });
    if (!row) return undefined;
    try {
      return this.box.open(row.ciphertext, contextOf(phone, CARDCOM_API_PASSWORD));
    } catch (error) {
      this.logger.error(`the Cardcom password of ${phone} cannot be opened: ${(error as Error).message}`);
      return undefined;
    }
  }

  /**
   * Key rotation (decision 026): every secret sealed with an older key is sealed again with the current one, so the
   * old key can leave SECRETS_KEYS after a start. Runs at start; a secret whose key is gone is left and logged.
   */
  async resealWithCurrentKey(): Promise<number> {
    if (!this.box.available) return 0;
    const em = this.database.em();
    const rows = await em.find(BusinessSecretEntity, { keyId: { $ne: this.box.currentKeyId } });
    let resealed = 0;
    for (const row of rows) {
      const context = contextOf(row.businessId, row.name);
      try {
        row.ciphertext = this.box.seal(this.box.open(row.ciphertext, context), context);
        row.keyId = this.box.currentKeyId;
        resealed += 1;
      } catch (error) {
        this.logger.error(`secret ${row.name} of ${row.businessId} cannot be resealed: ${(error as Error).message}`);
      }
    }
    await em.flush();
    return resealed;
  }
}
