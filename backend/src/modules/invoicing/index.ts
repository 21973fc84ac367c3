// The invoicing module's front door: other modules import only from here.
export { InvoicingModule } from './invoicing.module.js';
