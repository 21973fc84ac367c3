import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../src/platform/database/database.js';
import { query } from '../../src/platform/database/sql.js';

const BACKEND = fileURLToPath(new URL('../..', import.meta.url));
export const BACKUP_COMMAND = join(BACKEND, 'dist/cli/backup.js');
export const RESTORE_COMMAND = join(BACKEND, 'dist/cli/restore.js');

export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The last line printed: the backup's path for `backup`. */
  lastLine: string;
}

/** Runs the built command (`dist/cli/*.js`, what `npm run backup`/`restore` run) as a child process. */
export function runCommand(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<CommandRun> {
  const child = spawn(process.execPath, [command, ...args], {
    cwd: BACKEND,
    env: { ...process.env, DATABASE_URL: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (code) =>
      resolve({ code: code ?? -1, stdout, stderr, lastLine: stdout.trim().split('\n').at(-1) ?? '' }),
    ),
  );
}

/** Each business's tax document numbers as the log recorded them: `{ business: { invoices, credits } }`. */
export async function documentNumbers(
  database: Database,
): Promise<Map<string, { invoices: number[]; credits: number[] }>> {
  const rows = await query<{ business_id: string; type: string; number: string }>(
    database.em(),
    `select o.business_id, e.type,
            coalesce(e.data->>'invoiceNumber', e.data->>'creditNumber', e.data->>'documentNumber') as number
       from events e join orders o on e.stream_id = 'order-' || o.id
      where e.type in ('InvoiceIssued', 'CreditIssued')`,
  );
  const numbers = new Map<string, { invoices: number[]; credits: number[] }>();
  for (const row of rows) {
    const entry = numbers.get(row.business_id) ?? { invoices: [], credits: [] };
    (row.type === 'InvoiceIssued' ? entry.invoices : entry.credits).push(Number(row.number));
    numbers.set(row.business_id, entry);
  }
  for (const entry of numbers.values()) {
    entry.invoices.sort((a, b) => a - b);
    entry.credits.sort((a, b) => a - b);
  }
  return numbers;
}

/** 1, 2, ... n: no gap and no repeat. */
export const gapless = (numbers: readonly number[]): boolean => numbers.every((number, index) => number === index + 1);
