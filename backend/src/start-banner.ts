import type { AppConfig } from './config/config.js';
import type { Database } from './platform/database/database.js';

/** What a newcomer needs after `npm start`: where the site is, the demo café, and where sign-in codes appear. */
export function printBanner({ config, port, database }: { config: AppConfig; port: number; database: Database }): void {
  const site = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  const lines = [
    '',
    `  Tafrit is running: ${site}`,
    `  Database: ${database.embedded ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'} (${database.status})`,
    ...(config.seedDemo
      ? [
          `  Demo café menu:   ${site}/menu/demo`,
          `  Demo owner phone: ${DEMO_OWNER_PHONE_DISPLAY} (sign in at ${site}/login)`,
        ]
      : []),
    `  Admin phone(s):   ${config.adminPhones.join(', ')} (sign in at ${site}/admin-login)`,
    config.smsProvider === 'log'
      ? `  SMS codes appear in: ${config.smsLogFile} (and in this console)`
      : `  SMS provider: ${config.smsProvider}`,
    '',
  ];
  console.log(lines.join('\n'));
}

export const DEMO_OWNER_PHONE_DISPLAY = '052-3456789';
