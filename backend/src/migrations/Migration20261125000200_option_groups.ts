import { Migration } from '@mikro-orm/migrations';

/**
 * Options and add-ons (issue 16, decision 020): the read models of the option groups' stream (`options-{phone}`).
 * A group is the business's, shared by products; `product_option_groups` says which products use it and in which
 * order. Prices are integer agorot. Each row keeps the stream version it last applied, so a replay changes nothing.
 * Rows go with their group, and links with their product; the projection deletes them itself too, so a replay into
 * tables without these constraints (the rebuild's scratch copies) ends the same.
 */
export class Migration20261125000200_option_groups extends Migration {
  override up(): void {
    this.addSql(`
      create table option_groups (
        id uuid primary key,
        business_id varchar(16) not null,
        name varchar(100) not null,
        min_choices integer not null check (min_choices >= 0),
        max_choices integer not null check (max_choices >= 1 and max_choices >= min_choices),
        without boolean not null default false,
        position integer not null,
        stream_version integer not null
      );
      create index option_groups_business_index on option_groups (business_id, position);

      create table group_options (
        id uuid primary key,
        group_id uuid not null references option_groups (id) on delete cascade,
        business_id varchar(16) not null,
        name varchar(100) not null,
        price_agorot integer not null check (price_agorot >= 0),
        available boolean not null default true,
        is_default boolean not null default false,
        position integer not null,
        stream_version integer not null
      );
      create index group_options_group_index on group_options (group_id, position);
      create index group_options_business_index on group_options (business_id);

      create table product_option_groups (
        product_id integer not null references products (id) on delete cascade,
        group_id uuid not null references option_groups (id) on delete cascade,
        business_id varchar(16) not null,
        position integer not null,
        stream_version integer not null,
        primary key (product_id, group_id)
      );
      create index product_option_groups_business_index on product_option_groups (business_id);
      create index product_option_groups_group_index on product_option_groups (group_id);
    `);
  }

  override down(): void {
    this.addSql(`
      drop table if exists product_option_groups;
      drop table if exists group_options;
      drop table if exists option_groups;
    `);
  }
}
