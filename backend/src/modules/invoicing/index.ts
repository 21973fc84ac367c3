// The invoicing module's front door: other modules import only from here.
export { InvoicingModule } from './invoicing.module.js';
export { InvoiceLinks } from './application/invoice-links.js';
// The printable sheet's frame, shared with the platform's own commission invoices (commissions, decision 025).
export { ltr, money, notFoundPage, page } from './api/invoice-html.js';
