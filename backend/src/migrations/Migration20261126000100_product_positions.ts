import { Migration } from '@mikro-orm/migrations';

/**
 * The owner's order of products within their category (issue 16: reorder by drag and by keyboard). Until now the
 * menu listed products by id, so existing products keep that order: each category's products are numbered by id.
 */
export class Migration20261126000100_product_positions extends Migration {
  override up(): void {
    this.addSql(`
      alter table products add column position integer not null default 0;
      update products set position = ranked.position
        from (
          select id, (row_number() over (partition by business_id, category_id order by id) - 1)::integer as position
            from products
        ) as ranked
        where products.id = ranked.id;
      create index products_business_position_index on products (business_id, category_id, position);
    `);
  }

  override down(): void {
    this.addSql(`
      drop index if exists products_business_position_index;
      alter table products drop column if exists position;
    `);
  }
}
