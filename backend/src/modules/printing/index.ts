// The printing module's front door: other modules import only from here.
export { PrintingModule } from './printing.module.js';
export { PrinterReader } from './projections/printer.reader.js';

import { PrinterConnectionEntity } from './projections/printer-connection.entity.js';
/** The module's MikroORM entities, for the app's list (backend/src/entities.ts). */
export const printingEntities = [PrinterConnectionEntity];
