import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** 128 random bits as hex: a stored file's name nobody can choose or guess. */
export const randomFileStem = (): string => randomBytes(16).toString('hex');

/** Writes new files (never overwriting one) into `folder`; if one write fails, the ones written are removed. */
export async function writeNewFiles(folder: string, files: ReadonlyArray<{ name: string; bytes: Buffer }>) {
  await mkdir(folder, { recursive: true });
  const written: string[] = [];
  try {
    for (const { name, bytes } of files) {
      await writeFile(join(folder, name), bytes, { flag: 'wx' });
      written.push(name);
    }
  } catch (error) {
    await removeFiles(folder, written);
    throw error;
  }
}

/**
 * Removes files by name; a file already gone is fine. Failures are reported to `warn`, never thrown: callers remove
 * files after their change committed, and a file left behind is only wasted space.
 */
export async function removeFiles(
  folder: string,
  names: readonly string[],
  warn: (message: string) => void = () => {},
): Promise<void> {
  for (const name of names) {
    await rm(join(folder, name), { force: true }).catch((error: unknown) =>
      warn(`could not remove ${name}: ${String(error)}`),
    );
  }
}
