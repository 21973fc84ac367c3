import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { PromoCode, PromoCodeAnswer, PromoRulesInput } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';

interface Row {
  id: string;
  code: string;
  rules: PromoRulesInput;
  active: boolean;
  created_at: Date | string;
}

const toAnswer = (row: Row): PromoCodeAnswer => ({
  id: row.id,
  code: row.code,
  active: row.active,
  createdAt: new Date(row.created_at).toISOString(),
  ...row.rules,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The `promo_codes` read model, for the owner's list and, through the module's index, for the checkout. */
@Injectable()
export class PromoCodeReader {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** The business's codes, newest first. */
  async codesOf(businessPhone: string): Promise<PromoCodeAnswer[]> {
    const rows = await query<Row>(
      this.database.em(),
      'select id, code, rules, active, created_at from promo_codes where business_id = ? order by created_at desc, id',
      [businessPhone],
    );
    return rows.map(toAnswer);
  }

  /** One code of this business by its id; undefined for another business's or none. */
  async codeOf(businessPhone: string, promoCodeId: string): Promise<PromoCodeAnswer | undefined> {
    if (!UUID.test(promoCodeId)) return undefined;
    const [row] = await query<Row>(
      this.database.em(),
      'select id, code, rules, active, created_at from promo_codes where business_id = ? and id = ?',
      [businessPhone, promoCodeId],
    );
    return row ? toAnswer(row) : undefined;
  }

  /** The code a diner typed (already upper case), as the checkout decides with it; null: no such code. */
  async byCode(businessPhone: string, code: string, em?: EntityManager): Promise<PromoCode | null> {
    const [row] = await query<Row>(
      em ?? this.database.em(),
      'select id, code, rules, active, created_at from promo_codes where business_id = ? and code = ?',
      [businessPhone, code],
    );
    if (!row) return null;
    const { createdAt: _created, ...promo } = toAnswer(row);
    return promo;
  }
}
