// `npm run build:agent`'s Windows executable, built here (Node's binary comes from the npm registry the first time,
// then from agent/.cache/) and checked as Windows would load it: a PE file for x64 holding the agent's blob as the
// NODE_SEA_BLOB resource, with Node's fuse flipped so the blob runs. The Linux one runs end to end in the backend's
// test/printing/agent-executable-e2e.spec.ts.
import { describe, expect, it } from '@jest/globals';
import { AGENT_VERSION, agentExecutableName } from '@tafrit/contracts/printing';
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './support.js';

const SCRIPT = fileURLToPath(new URL('../scripts/build-executables.mjs', import.meta.url));
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const BUILD_TIMEOUT_MS = 10 * 60_000;

const build = (platform: string, out: string) =>
  new Promise<void>((resolve, reject) =>
    execFile(
      process.execPath,
      [SCRIPT, '--platform', platform, '--out', out],
      { maxBuffer: 1 << 24 },
      (error, _o, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve()),
    ),
  );

describe('the Windows executable', () => {
  it(
    'is a PE executable for x64 with the agent inside as NODE_SEA_BLOB and the fuse flipped',
    async () => {
      const out = tempDir();
      try {
        await build('win-x64', out);
        const exe = readFileSync(join(out, agentExecutableName('windows')));
        expect(exe.toString('latin1', 0, 2)).toBe('MZ');
        const pe = exe.readUInt32LE(0x3c);
        expect(exe.toString('latin1', pe, pe + 4)).toBe('PE\0\0');
        expect(exe.readUInt16LE(pe + 4)).toBe(0x8664); // IMAGE_FILE_MACHINE_AMD64
        expect(exe.readUInt16LE(pe + 24)).toBe(0x20b); // PE32+
        expect(exe.readUInt16LE(pe + 24 + 68)).toBe(3); // the console subsystem: a window for the agent's log
        // Resource names are UTF-16: postject names the blob's resource NODE_SEA_BLOB.
        expect(exe.includes(Buffer.from('NODE_SEA_BLOB', 'utf16le'))).toBe(true);
        expect(exe.includes(Buffer.from(`${FUSE}:1`))).toBe(true);
        expect(exe.includes(Buffer.from(`${FUSE}:0`))).toBe(false);
        // The blob carries the agent's script itself.
        expect(exe.includes(Buffer.from(`AGENT_VERSION = "${AGENT_VERSION}"`))).toBe(true);
        expect(exe.includes(Buffer.from('סוכן ההדפסה של תפריט'))).toBe(true);
        const sum = readFileSync(join(out, `${agentExecutableName('windows')}.sha256`), 'utf8');
        expect(sum).toMatch(new RegExp(`^[0-9a-f]{64}  ${agentExecutableName('windows').replace(/\./g, '\\.')}\\n$`));
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
    BUILD_TIMEOUT_MS,
  );
});
