import { spawn } from 'node:child_process';
import { BackupError } from './backup-manifest.js';

/**
 * PostgreSQL through Debian's own client programs (`pg_dump`, `pg_restore`, `psql`): they must be at least the
 * server's major version (a newer server is refused by pg_dump with its own message, passed on).
 */
function run(program: string, args: string[], input?: (stdin: NodeJS.WritableStream) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(program, args, { stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${program} is not installed: install the PostgreSQL client (apt-get install postgresql-client)`,
            )
          : error,
      ),
    );
    child.once('exit', (code) => {
      if (code === 0) return resolve();
      const diskFull = /No space left on device|could not (write|extend)/i.test(errors);
      reject(
        new BackupError(
          diskFull
            ? `no space left on the disk (${program}): ${errors.trim().split('\n').at(-1)}`
            : `${program} failed (exit ${code}): ${errors.trim()}`,
        ),
      );
    });
    if (input && child.stdin) input(child.stdin);
  });
}

/** `pg_dump --format=custom` of the whole database into `file`: one consistent snapshot while the product writes. */
export function dumpPostgres(url: string, file: string): Promise<void> {
  return run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`]);
}

/**
 * Replaces the database's `public` schema with the dump's, in one transaction: `pg_restore` writes the dump as SQL
 * and `psql --single-transaction` runs it after dropping what is there. Any failure (a full disk on the server, a
 * statement refused) rolls everything back, so the database is either the dump's or untouched.
 */
export function restorePostgres(url: string, file: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let restoreErrors = '';
    restore.stderr.on('data', (chunk: Buffer) => (restoreErrors += chunk.toString()));
    restore.once('error', reject);
    const restored = new Promise<void>((done, failed) =>
      restore.once('exit', (code) =>
        code === 0 ? done() : failed(new BackupError(`pg_restore failed (exit ${code}): ${restoreErrors.trim()}`)),
      ),
    );
    const applied = run(
      'psql',
      ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', `--dbname=${url}`],
      (stdin) => {
        stdin.write('drop schema if exists public cascade;\ncreate schema public;\n');
        restore.stdout.pipe(stdin);
      },
    );
    Promise.all([restored, applied]).then(() => resolve(), reject);
  });
}
