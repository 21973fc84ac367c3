// The ordering module's front door: other modules import only from here.
export { OrderingModule } from './ordering.module.js';
export { OrderEntity, type Order } from './projections/order.entity.js';
export { MoveKitchenStepCommand } from './application/kitchen-step.handler.js';
export { RecordSlipOutcomeCommand } from './application/record-slip-outcome.handler.js';
export { RequestRefundCommand } from './application/request-refund.handler.js';
// The thank-you page the server draws (modules/diner) reads the diner's own order by their session.
export { DinerOrders } from './application/diner-orders.query.js';
export { DinerSessions } from './api/diner-session.js';
export { TestOrdersReader } from './projections/test-orders.reader.js';

import { OrderEntity } from './projections/order.entity.js';
/** The module's MikroORM entities, for the app's list (backend/src/entities.ts). */
export const orderingEntities = [OrderEntity];
