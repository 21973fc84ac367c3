// The administrator's calls: the session, the dashboard's reads and actions, its files and the health badge.
export * from './dashboard';
export * from './files';
export * from './health';
export * from './session';
export * from './tax-authority';
