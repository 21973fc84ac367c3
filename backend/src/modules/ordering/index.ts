// The ordering module's front door: other modules import only from here.
export { OrderingModule } from './ordering.module.js';
export { OrderEntity, type Order } from './projections/order.entity.js';
// The order's decider, for the steps that printing and invoicing still take on an order themselves; with the
// write-path change they become ordering's commands and these go.
export { foldOrder, orderDecider, type OrderCommand } from './domain/order.decider.js';
export { MoveKitchenStepCommand } from './application/kitchen-step.handler.js';
export { RecordSlipOutcomeCommand } from './application/record-slip-outcome.handler.js';
export { OrderStore, type LoadedOrder } from './persistence/order-store.js';
export { RequestRefundCommand, type RefundAsked } from './application/request-refund.handler.js';
export { CompleteRefundCommand, type RefundOutcome } from './application/complete-refund.handler.js';
export { RefundRecovery } from './processors/refund-recovery.js';
// The thank-you page the server draws (modules/diner) reads the diner's own order by their session.
export { DinerOrders } from './application/diner-orders.query.js';
export { DinerSessions } from './api/diner-session.js';
export { TestOrdersReader } from './projections/test-orders.reader.js';

import { OrderEntity } from './projections/order.entity.js';
/** The module's MikroORM entities, for the app's list (backend/src/entities.ts). */
export const orderingEntities = [OrderEntity];
