import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig, SecretKey } from '../../config/config.js';
import { AppError } from '../http/app-error.js';

/**
 * AES-256-GCM for the few secrets the product keeps (a business terminal's ApiPassword, decision 026). A sealed value
 * is `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url): the key id says which configured key opens it, so keys can be
 * rotated (a new key first in SECRETS_KEYS, the old one after it until `needsResealing` values are sealed again).
 * `context` (for example `business-secret:+9725...:cardcom-api-password`) is bound as associated data: a sealed
 * value copied to another business's row does not open.
 */
@Injectable()
export class SecretBox {
  private readonly keys: readonly SecretKey[];

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'secretsKeys'>) {
    this.keys = config.secretsKeys ?? [];
  }

  get available(): boolean {
    return this.keys.length > 0;
  }

  /** The id of the key that seals now. */
  get currentKeyId(): string {
    return this.current().id;
  }

  seal(plaintext: string, context: string): string {
    const { id, key } = this.current();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      'v1',
      id,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      ciphertext.toString('base64url'),
    ].join('.');
  }

  /** Throws when no configured key has the value's id, or the value or its context was altered. */
  open(sealed: string, context: string): string {
    const [version, id, iv, tag, ciphertext] = sealed.split('.');
    const entry = this.keys.find((candidate) => candidate.id === id);
    if (version !== 'v1' || !entry || iv === undefined || tag === undefined || ciphertext === undefined) {
      throw new Error(`sealed secret with unknown format or key ${id ?? '?'}`);
    }
    const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  needsResealing(sealed: string): boolean {
    return sealed.split('.')[1] !== this.currentKeyId;
  }

  private current(): SecretKey {
    const [first] = this.keys;
    // No keys (the configuration refuses to start without them on an external database; a last guard for a box made
    // otherwise): the owner is told the server cannot store it, never plaintext.
    if (!first) throw new AppError('secrets.unavailable');
    return first;
  }
}
