// The invoicing module's front door: other modules import only from here.
export { InvoicingModule } from './invoicing.module.js';
export { InvoiceLinks } from './application/invoice-links.js';
