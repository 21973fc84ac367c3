// The tables module's front door: other modules import only from here.
export { TablesModule } from './tables.module.js';
// Ordering reads a shared table's cart and moves it with these commands (issue 34).
export { SharedTables, type CartForPayment } from './application/shared-tables.js';
// The one opener of a poster's `?key=` (a refusal counted as a miss against the address), for ordering's tab routes.
export { TableAccess } from './application/table-access.js';
export {
  CheckOutTableCartCommand,
  CloseTableCartCommand,
  ReopenTableCartCommand,
  TableTabCommand,
} from './application/table-order-commands.js';
export { sentAgorotOf, unsentLinesOf, HOLD_PAGE_MS, type CartTab } from './domain/table-cart.decider.js';
// The demo café's tables are chosen through the same command an owner's request sends.
export { ChooseTablesCommand } from './application/tables-commands.js';
export { BusinessTablesReader } from './projections/business-tables.reader.js';
export { TABLE_CALLS_PER_IP } from './api/diner-tables.controller.js';
