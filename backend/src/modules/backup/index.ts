// The backup module's front door: other modules and the commands (src/cli/) import only from here.
export { BackupModule } from './backup.module.js';
export { continueNumbering, describeNumbering, readNumbering, type NumberingChoice } from './application/numbering.js';
export { offlineSnapshot, postgresSnapshot, sqlOf } from './application/snapshots.js';
export { productVersion } from './application/product-version.js';
export { restoreBackup, type Restored, type RestoreOptions } from './application/restore.js';
