// The invoicing module's front door: other modules import only from here.
export { InvoicingModule } from './invoicing.module.js';
export { InvoiceLinks } from './application/invoice-links.js';
// The printable sheet's frame, shared with the platform's own commission invoices (commissions, decision 025).
export { ltr, money, notFoundPage, page } from './api/invoice-html.js';
// Allocation numbers (decision 047): the port, the Tax Authority's adapter and the manual path.
export {
  ALLOCATION_NUMBERS,
  NotConnectedAllocationNumbers,
  REFUSAL_OPTIONS,
  type AllocationAnswer,
  type AllocationDocumentType,
  type AllocationNumbers,
  type AllocationRequest,
  type RefusalOption,
  type UnavailableCause,
} from './allocation/allocation.port.js';
export {
  ALLOCATION_NUMBERS_FOR,
  NotConnectedAllocationNumbersFor,
  type AllocationNumbersFor,
  type AllocationSeller,
} from './allocation/allocation-numbers-for.js';
export {
  createAllocationNumbers,
  TaxAuthorityAllocationNumbers,
  type GrantAnswer,
  type TaxAuthorityAdapterOptions,
} from './allocation/tax-authority.adapter.js';
export {
  grantContextOf,
  SealedTokenVault,
  type SealedGrantStore,
  type StoredGrant,
  type TokenVault,
} from './allocation/token-vault.js';
export {
  manualAllocation,
  validateManualAllocationNumber,
  type ManualAllocation,
} from './allocation/manual-allocation.js';
// Tax documents as PDF files, made on the server in Hebrew right to left (decision 045).
export { renderTaxDocumentPdf, type TaxDocumentPdfInput, WITHOUT_ALLOCATION } from './pdf/tax-document-pdf.js';
export { renderSimpleHebrewPdf } from './pdf/simple-hebrew-pdf.js';
