import { z } from 'zod';

/** Raised when a backup file cannot be used: the message is for the operator, in English, and says what to do. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Bumped when the archive's layout changes in a way an older restore could not read. */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
/** The embedded database: PGlite's own dump of its data folder (an uncompressed tar). */
export const PGLITE_DUMP = 'database/pglite.tar';
/** PostgreSQL: `pg_dump --format=custom` of the whole database. */
export const POSTGRES_DUMP = 'database/postgres.dump';
/** The embedded default's secrets kept beside its data (config.ts): without them the sealed secrets are lost. */
export const SECRET_FILES = ['jwt-secret', 'secrets-key'] as const;

const lastNumbers = z.array(z.object({ businessId: z.string(), last: z.number().int() }));

/** The document numbering at the moment before the dump (the restore reads the restored database's own). */
export const numberingSchema = z.object({
  invoices: lastNumbers,
  credits: lastNumbers,
  platformInvoice: z.number().int().nullable(),
  platformCredit: z.number().int().nullable(),
});
export type Numbering = z.infer<typeof numberingSchema>;

export const manifestSchema = z.object({
  format: z.literal('tafrit-backup'),
  formatVersion: z.number().int().min(1),
  productVersion: z.string(),
  createdAt: z.iso.datetime(),
  database: z.enum(['embedded', 'postgresql']),
  /** Every migration the database had applied, oldest first: a name this code does not know means a newer version. */
  migrations: z.array(z.string()).min(1),
  /** `included`: the files are in `uploads/`; `object-store`: STORAGE_URL keeps them, they are not in the file. */
  uploads: z.enum(['included', 'object-store']),
  numbering: numberingSchema,
  /** Every other entry of the archive with its size and SHA-256, checked before anything is restored. */
  files: z.array(
    z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** Reads a manifest's text; the format is checked before its fields, so a newer format gets its own message. */
export function parseManifest(text: string): BackupManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BackupError('the backup file is damaged: its manifest is not readable');
  }
  const head = z.object({ format: z.literal('tafrit-backup'), formatVersion: z.number().int() }).safeParse(raw);
  if (!head.success) throw new BackupError('this is not a Tafrit backup file (no Tafrit manifest in it)');
  if (head.data.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `the backup was written by a newer version of Tafrit (backup format ${head.data.formatVersion}; this version ` +
        `reads up to ${BACKUP_FORMAT_VERSION}): restore it with that version or a later one`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupError('the backup file is damaged: its manifest is incomplete');
  return parsed.data;
}

/**
 * A backup whose database applied a migration this code does not have comes from a newer version: migrating it back
 * is impossible, so it is refused. An older one (a prefix of ours) is migrated forward by the first start.
 */
export function assertRestorableSchema(manifest: BackupManifest, known: readonly string[]): void {
  const ours = new Set(known);
  const unknown = manifest.migrations.filter((name) => !ours.has(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `the backup comes from a newer version of Tafrit (${manifest.productVersion}, ${unknown.length} database ` +
        `change(s) this version does not know, the latest ${unknown.at(-1)}): restore it with that version or a later one`,
    );
  }
}
