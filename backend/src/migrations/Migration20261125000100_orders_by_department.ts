import { Migration } from '@mikro-orm/migrations';

/**
 * The diner finds an order by the address it was placed at (decision 017): the thank-you page asks for
 * `/api/orders/{departmentId}/{orderNumber}` with the department id of the menu the order came from, which stays valid
 * for that order after the owner gives the business a new address (regenerate-qr). Rows written before the column
 * was filled get their business's address (no business had changed its address before this migration), and an index
 * finds an order by address and number.
 */
export class Migration20261125000100_orders_by_department extends Migration {
  override up(): void {
    this.addSql(`
      update orders o set department_id = b.department_id
        from businesses b where o.department_id is null and b.phone = o.business_id;
      create index orders_department_number_index on orders (department_id, order_number);
    `);
  }

  override down(): void {
    this.addSql('drop index if exists orders_department_number_index;');
  }
}
