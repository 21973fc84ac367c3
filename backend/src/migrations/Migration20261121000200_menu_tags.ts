import { Migration } from '@mikro-orm/migrations';

/**
 * The menu API (issue 4): dietary and kashrut tags per product (contracts' PRODUCT_TAGS). The
 * `image` column keeps the public stem of a product's photo (`/uploads/products/<random>`), whose two widths are
 * `<stem>-400.webp` and `<stem>-800.webp`.
 */
export class Migration20261121000200_menu_tags extends Migration {
  override up(): void {
    this.addSql(`
      alter table products add column tags text[] not null default '{}';
    `);
  }

  override down(): void {
    this.addSql(`
      alter table products drop column tags;
    `);
  }
}
