// Everything in one import for the backend and the agent. Front-end code should import subpaths
// ('@tafrit/contracts/money', '@tafrit/contracts/months') so the phone metadata stays out of the diner's bundle.
export * from './errors.js';
export * from './envelope.js';
export * from './messages.he.js';
export * from './money.js';
export * from './months.js';
export * from './events.js';
export * from './sockets.js';
export * from './printing.js';
export * from './validation.js';
export * from './text.js';
export * from './zod-he.js';
export * from './app-pages.js';
export * from './israel/id-number.js';
export * from './israel/phone.js';
export * from './israel/banks.js';
export * from './http/accounts.schemas.js';
export * from './http/contact.schemas.js';
export * from './menu-types.js';
export * from './http/menu.schemas.js';
export * from './order-events.js';
export * from './payout-events.js';
export * from './ordering-types.js';
export * from './http/ordering.schemas.js';
export * from './admin-types.js';
export * from './http/admin.schemas.js';
export * from './terms-events.js';
