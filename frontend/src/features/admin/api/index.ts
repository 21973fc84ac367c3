// The administrator's calls: the session, the dashboard's reads and actions, its files, the health badge and the
// platform's invoices waiting for an allocation number.
export * from './dashboard';
export * from './files';
export * from './health';
export * from './platform-allocations';
export * from './session';
export * from './tax-authority';
