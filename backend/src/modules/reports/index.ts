// The reports module's front door: other modules import only from here.
export { ReportsModule } from './reports.module.js';
