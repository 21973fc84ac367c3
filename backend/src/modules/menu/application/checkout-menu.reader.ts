import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';

/** The department's business and the asked products, as a checkout prices them (the prices of this moment). */
export interface CheckoutMenu {
  business: {
    phone: string;
    departmentId: string;
    businessName: string;
    idNumber: string;
    receiptPhone: string | null;
    email: string;
    isActive: boolean;
    /** The business's own Cardcom terminal, when it set one up (decision 005 §6). */
    cardcom: { terminalNumber: string; apiName: string } | null;
  };
  /** Only the asked products of this business; `price` is numeric(10,2) text. */
  products: { id: number; name: string; price: string; isActive: boolean }[];
  /**
   * The business's next order number, taken from its sequence with this read (none for a paused business), so the
   * payment page can be opened before the order is stored. A checkout refused after it leaves a gap: order numbers
   * need not be gapless (decision 015).
   */
  nextOrderNumber: number | null;
}

interface Row {
  phone: string;
  department_id: string;
  business_name: string;
  id_number: string;
  receipt_phone: string | null;
  email: string;
  is_active: boolean;
  cardcom_enabled: boolean;
  cardcom_terminal_number: string | null;
  cardcom_api_name: string | null;
  products: CheckoutMenu['products'] | null;
  next_order_number: number | null;
}

const READ = preparedStatement<Row>(
  'checkout_menu',
  `select b.phone, b.department_id, b.business_name, b.id_number, b.receipt_phone, b.email, b.is_active,
          b.cardcom_enabled, b.cardcom_terminal_number, b.cardcom_api_name,
          (select json_agg(json_build_object('id', p.id, 'name', p.name, 'price', p.price::text,
                                             'isActive', p.is_active))
             from products p where p.business_id = b.phone and p.id = any($2::int[])) as products,
          case when b.is_active then next_order_number(b.phone) end as next_order_number
     from businesses b where b.department_id = $1 and b.closed_at is null`,
);

/**
 * The menu's answer to a checkout in one query (the order path's first round trip): never the cache, since an order
 * must be priced with what the menu says now, and the seller's details that its tax invoice will carry.
 */
@Injectable()
export class CheckoutMenuReader {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async read(departmentId: string, productIds: readonly number[]): Promise<CheckoutMenu | null> {
    const [row] = await this.database.run(READ, [departmentId, productIds]);
    if (!row) return null;
    return {
      business: {
        phone: row.phone,
        departmentId: row.department_id,
        businessName: row.business_name,
        idNumber: row.id_number,
        receiptPhone: row.receipt_phone,
        email: row.email,
        isActive: row.is_active,
        cardcom:
          row.cardcom_enabled && row.cardcom_terminal_number && row.cardcom_api_name
            ? { terminalNumber: row.cardcom_terminal_number, apiName: row.cardcom_api_name }
            : null,
      },
      products: row.products ?? [],
      nextOrderNumber: row.next_order_number === null ? null : Number(row.next_order_number),
    };
  }
}
