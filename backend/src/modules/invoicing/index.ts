// The invoicing module's front door: other modules import only from here.
export { InvoicingModule } from './invoicing.module.js';
export { InvoiceLinks } from './application/invoice-links.js';
// The printable sheet's frame, shared with the platform's own commission invoices (commissions, decision 025).
export { ltr, money, notFoundPage, page } from './api/invoice-html.js';
// Tax documents as PDF files, made on the server in Hebrew right to left (decision 045).
export { renderTaxDocumentPdf, type TaxDocumentPdfInput } from './pdf/tax-document-pdf.js';
export { renderSimpleHebrewPdf } from './pdf/simple-hebrew-pdf.js';
