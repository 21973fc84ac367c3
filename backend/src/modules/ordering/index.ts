// The ordering module's front door: other modules import only from here.
export { OrderingModule } from './ordering.module.js';
export { OrderEntity, type Order } from './projections/order.entity.js';
// The order's decider, for the steps that printing and invoicing still take on an order themselves; with the
// write-path change they become ordering's commands and these go.
export { foldOrder, orderDecider, type OrderCommand } from './domain/order.decider.js';
export { MoveKitchenStepCommand } from './application/kitchen-step.handler.js';
export { RecordSlipOutcomeCommand } from './application/record-slip-outcome.handler.js';
export { OrderStore, type LoadedOrder } from './persistence/order-store.js';

import { OrderEntity } from './projections/order.entity.js';
/** The module's MikroORM entities, for the app's list (backend/src/entities.ts). */
export const orderingEntities = [OrderEntity];
