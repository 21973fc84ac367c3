// The commissions module's front door: other modules import only from here.
export { CommissionsModule } from './commissions.module.js';
export { foldPayout } from './domain/payout.decider.js';
// The platform's commission invoice and credits to a business for a month, as recorded (the accountant's month).
export { loadPlatformDocuments } from './application/platform-invoice.queries.js';
// The platform's documents of a period, for the administrator's uniform structure export (bookkeeping).
export { platformDocumentsBetween, type PlatformDocumentRow } from './projections/platform-documents.reader.js';
// The platform's document numbering, read by a backup and moved on by a restore (decision 061).
export { platformNumbering } from './application/platform-numbering.js';
