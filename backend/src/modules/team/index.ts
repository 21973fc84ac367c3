// The team module's front door: other modules import only from here.
export { TeamModule } from './team.module.js';
export { TeamReader } from './projections/team.reader.js';
// Who did what (issue 31): actors named by the team (the order's timeline, the console's pushes), and the port through
// which ordering gives the activity page its order numbers.
export { ActorNames } from './projections/actor-names.js';
export { ActivityOrdersPort, type ActivityOrders } from './application/activity-orders.port.js';
