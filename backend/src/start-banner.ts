import type { AppConfig } from './config/config.js';
import type { Database } from './platform/database/database.js';
import { lanAddresses } from './platform/http/local-origins.js';

/** What a newcomer needs after `npm start`: where the site is, the demo café, and where sign-in codes appear. */
export function printBanner({ config, port, database }: { config: AppConfig; port: number; database: Database }): void {
  console.log(bannerLines({ config, port, database, lan: lanAddresses() }).join('\n'));
}

export function bannerLines({
  config,
  port,
  database,
  lan,
}: {
  config: AppConfig;
  port: number;
  database: Pick<Database, 'embedded' | 'status'>;
  /** The machine's addresses on its network (IPv4, not loopback). */
  lan: string[];
}): string[] {
  const site = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  const everywhere = ['0.0.0.0', '::'].includes(config.host);
  const lines = [
    '',
    `  Tafrit is running: ${site}`,
    // A phone opens the LAN address; the QR codes (and Cardcom's return) carry PUBLIC_URL, so say how to set it.
    ...(everywhere && lan.length > 0
      ? [`  On your network:  ${lan.map((address) => `http://${address}:${port}`).join(', ')}`]
      : []),
    ...(everywhere && lan.length > 0 && !lan.some((address) => site.startsWith(`http://${address}:`))
      ? [`  To try the menu from a phone (QR codes carry PUBLIC_URL): PUBLIC_URL=http://${lan[0]}:${port} npm start`]
      : []),
    ...(everywhere ? [] : [`  Listening on ${config.host} only: HOST=0.0.0.0 lets a phone on your network open it`]),
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
  return lines;
}

export const DEMO_OWNER_PHONE_DISPLAY = '052-3456789';
