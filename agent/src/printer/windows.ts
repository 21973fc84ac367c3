// A shared printer on Windows: a raw binary copy to \\host\share passes the bytes to the spooler untouched.
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Printer } from './printer.js';
import { runCommand } from './run-command.js';

export const createWindowsPrinter = ({ share, spec }: { share: string; spec: string }): Printer => ({
  connectionType: 'windows',
  spec,
  defaultName: share,
  print: async (bytes) => {
    const temp = join(tmpdir(), `tafrit-slip-${randomUUID()}.bin`);
    await writeFile(temp, bytes);
    try {
      // The same quoting Node uses for `shell: true`: /s keeps the inner quotes of paths with spaces.
      await runCommand({
        command: process.env.ComSpec ?? 'cmd.exe',
        args: ['/d', '/s', '/c', `"copy /b "${temp}" "${share}""`],
        options: { windowsVerbatimArguments: true },
      });
    } finally {
      await rm(temp, { force: true });
    }
  },
});
