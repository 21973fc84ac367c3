// `npm run restore -- FILE [--force] [--next-invoice BUSINESS=N]... [--next-credit BUSINESS=N]...
// [--next-platform-invoice N] [--next-platform-credit N]`: brings a stopped product back from a backup into the
// configured DATA_DIR (or DATABASE_URL), migrating an older one and refusing a newer one (decision 061).
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { backupPaths } from '../config/backup.config.js';
import { BackupError } from '../platform/backup/backup-manifest.js';
import { describeNumbering, restoreBackup, type NumberingChoice } from '../modules/backup/index.js';

const USAGE =
  'usage: npm run restore -- FILE [--force] [--next-invoice BUSINESS=N]... [--next-credit BUSINESS=N]... ' +
  '[--next-platform-invoice N] [--next-platform-credit N]';

function positive(text: string, what: string): number {
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw new BackupError(`${what}: expected a number, got "${text}"`);
  return Number(text);
}

function choicesOf(values: Record<string, string | string[] | boolean | undefined>): NumberingChoice[] {
  const choices: NumberingChoice[] = [];
  for (const kind of ['invoice', 'credit'] as const) {
    for (const pair of (values[`next-${kind}`] as string[] | undefined) ?? []) {
      const [businessId, next] = pair.split('=');
      if (!businessId || next === undefined)
        throw new BackupError(`--next-${kind}: expected BUSINESS=N, got "${pair}"`);
      choices.push({ kind, businessId, next: positive(next, `--next-${kind} ${businessId}`) });
    }
    const platform = values[`next-platform-${kind}`] as string | undefined;
    if (platform !== undefined) choices.push({ kind, next: positive(platform, `--next-platform-${kind}`) });
  }
  return choices;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      force: { type: 'boolean', default: false },
      'next-invoice': { type: 'string', multiple: true },
      'next-credit': { type: 'string', multiple: true },
      'next-platform-invoice': { type: 'string' },
      'next-platform-credit': { type: 'string' },
    },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new BackupError(USAGE);
  const { dataDir } = backupPaths(process.env);
  const restored = await restoreBackup({
    file,
    dataDir,
    databaseUrl: process.env.DATABASE_URL,
    force: values.force,
    numbering: choicesOf(values),
    log: (line) => console.log(line),
  });
  const { manifest } = restored;
  console.log(
    `Restored the backup of ${manifest.createdAt} (Tafrit ${manifest.productVersion}, ${manifest.migrations.length} ` +
      `database changes) into ${process.env.DATABASE_URL ? 'the database (DATABASE_URL)' : dataDir}.`,
  );
  if (restored.setAside) console.log(`The files it replaced are kept in ${restored.setAside}.`);
  if (manifest.uploads === 'object-store')
    console.log('The uploads were not in the backup: the object store keeps them.');
  console.log('The last tax document numbers in the restored database:');
  for (const line of describeNumbering(restored.numbering)) console.log(line);
  console.log(
    `WARNING: invoices and credits issued after ${manifest.createdAt} are not in this backup and their numbers must ` +
      'never be given again. If any were issued, restore again before starting the product, with --force and where ' +
      'each numbering goes on: --next-invoice BUSINESS=N, --next-credit BUSINESS=N, --next-platform-invoice N, ' +
      '--next-platform-credit N (by default right after the numbers above).',
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const known = error instanceof BackupError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    if (!known && error instanceof Error && error.stack) console.error(error.stack);
    process.exit(1);
  },
);
