// The ordering module's front door: other modules import only from here.
export { OrderingModule } from './ordering.module.js';
export { OrderEntity, type Order } from './projections/order.entity.js';
export { RecordSlipOutcomeCommand } from './application/record-slip-outcome.handler.js';
// The kitchen's buttons (ordering's) answer with the order as printing's live list shows it: printing answers this.
export { LiveOrderQuery } from './application/live-order.query.js';
// The thank-you page the server draws (modules/diner) reads the diner's own order by their session.
export { DinerOrders } from './application/diner-orders.query.js';
export { TestOrdersReader } from './projections/test-orders.reader.js';
// What others read of the orders (the kitchen's list and slips, the administrator's figures, the monthly report):
// ordering's `orders` table is named in SQL only inside ordering (decision 039).
export {
  ordersReader,
  type KitchenOrderRow,
  type OrderDocumentFacts,
  type SalesRow,
} from './projections/orders.reader.js';
export {
  paidOrdersOfMonth,
  type MonthPayment,
  type MonthSourceSum,
  type OrdersPage,
  type PaidOrdersOfMonth,
} from './projections/monthly-orders.reader.js';
export { paymentMethodOfColumn } from './projections/order-row.js';
// Each business's invoice and credit numbering, read by a backup and moved on by a restore (decision 061).
export { documentNumbering } from './persistence/document-numbering.js';

import { OrderEntity } from './projections/order.entity.js';
import { orderAppendSql } from './persistence/order-append.js';
/** The module's MikroORM entities, for the app's list (backend/src/entities.ts). */
export const orderingEntities = [OrderEntity];
/** The module's repeatable SQL (decision 039): `order_append`, applied whenever its file changed. */
export const orderingRepeatableSql = [orderAppendSql];
