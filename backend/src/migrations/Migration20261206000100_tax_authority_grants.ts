import { Migration } from '@mikro-orm/migrations';

/**
 * Each seller's grant at the Tax Authority (allocation numbers, decision 047), owned by the invoicing module.
 *
 * `tax_authority_grants`: one row per seller (a business's phone, or 'platform' for the platform's own commission
 * invoices). The refresh token and its end are kept only sealed by `SecretBox` (`sealed_grant`, bound to the seller by
 * its context, so a row copied to another seller does not open); `key_id` says which key sealed it (rotation, decision
 * 026). `connected_at` and `grant_ends_at` are in the clear for the settings screens: when someone signed in at the
 * Authority, and when the grant stops working (a refresh does not move it).
 *
 * `tax_authority_connect_states`: the `state` of a connect in progress. Only its SHA-256 is kept (a copy of the table
 * cannot finish anyone's connect), with the seller who started it and when it stops being accepted; the callback
 * deletes the row it uses, so a state works once.
 */
export class Migration20261206000100_tax_authority_grants extends Migration {
  override up(): void {
    this.addSql(`
      create table if not exists tax_authority_grants (
        seller text primary key,
        sealed_grant text not null,
        key_id varchar(40) not null,
        connected_at timestamptz not null,
        grant_ends_at timestamptz not null,
        updated_at timestamptz not null default now()
      );
      create table if not exists tax_authority_connect_states (
        state_hash char(64) primary key,
        seller text not null,
        expires_at timestamptz not null
      );
      create index if not exists tax_authority_connect_states_expiry_idx on tax_authority_connect_states (expires_at);
    `);
  }

  override down(): void {
    this.addSql('drop table if exists tax_authority_connect_states; drop table if exists tax_authority_grants;');
  }
}
