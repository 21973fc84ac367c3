import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 17: the business's address on its tax documents (null for businesses registered before it was asked), and
 * the encrypted `ApiPassword` of a business's own Cardcom terminal (decision 026). The password lives in its own
 * plain-state table, never in the event log or in `businesses`: `businesses` only says whether one is set.
 */
export class Migration20261127000300_business_address_and_secrets extends Migration {
  override up(): void {
    this.addSql(`
      alter table businesses add column if not exists street varchar(100) null;
      alter table businesses add column if not exists city varchar(100) null;
      alter table businesses add column if not exists cardcom_api_password_set boolean not null default false;
      create table if not exists business_secrets (
        business_id varchar(16) not null,
        name varchar(40) not null,
        key_id varchar(40) not null,
        ciphertext text not null,
        updated_at timestamptz not null default now(),
        primary key (business_id, name)
      );
    `);
  }

  override down(): void {
    this.addSql(`
      drop table if exists business_secrets;
      alter table businesses drop column if exists cardcom_api_password_set;
      alter table businesses drop column if exists city;
      alter table businesses drop column if exists street;
    `);
  }
}
