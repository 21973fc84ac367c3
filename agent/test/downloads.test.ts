// The zips `npm run build -w agent` writes to dist/downloads/ (scripts/package.mjs), read back as an unzip would.
import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';

const dist = new URL('../dist/', import.meta.url);
const bundle = (): Buffer => {
  const path = fileURLToPath(new URL('tafrit-agent.mjs', dist));
  if (!existsSync(path)) throw new Error('dist/tafrit-agent.mjs is missing: run `npm run build -w agent` first');
  return readFileSync(path);
};
const version = (): string => /const AGENT_VERSION = "(\d+)"/.exec(bundle().toString())?.[1] ?? '';

/** name -> Unix mode, from the central directory (the external attributes' upper 16 bits). */
const unixModes = (zip: Buffer): Map<string, number> => {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  const modes = new Map<string, number>();
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < count; index++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    expect(zip.readUInt8(at + 5)).toBe(3); // made by Unix
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    modes.set(name, zip.readUInt32LE(at + 38) >>> 16);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return modes;
};

describe.each([
  ['windows', 'start.cmd'],
  ['mac', 'start.command'],
  ['linux', 'start.sh'],
])('the %s download', (platform, start) => {
  const name = () => `tafrit-agent-${platform}-${version()}.zip`;
  const zip = () => readFileSync(new URL(`downloads/${name()}`, dist));

  it('unpacks to a tafrit-agent folder with the agent, its start script and the Hebrew README', () => {
    const files = unzipSync(zip());
    expect(Object.keys(files).sort()).toEqual(
      ['tafrit-agent/', 'tafrit-agent/README.txt', 'tafrit-agent/tafrit-agent.mjs', `tafrit-agent/${start}`].sort(),
    );
    expect(Buffer.from(files['tafrit-agent/tafrit-agent.mjs']!).equals(bundle())).toBe(true);
    const script = Buffer.from(files[`tafrit-agent/${start}`]!).toString('utf8');
    expect(script).toContain('tafrit-agent.mjs run');
    const readme = Buffer.from(files['tafrit-agent/README.txt']!).toString('utf8');
    expect(readme).toContain(`סוכן ההדפסה של תפריט (גרסה ${version()})`);
    expect(readme.includes('\r\n')).toBe(platform === 'windows');
  });

  it('keeps the agent and the start script executable', () => {
    expect(Object.fromEntries(unixModes(zip()))).toEqual({
      'tafrit-agent/': 0o040755,
      'tafrit-agent/tafrit-agent.mjs': 0o100755,
      [`tafrit-agent/${start}`]: 0o100755,
      'tafrit-agent/README.txt': 0o100644,
    });
  });

  it('is named in its .sha256 file with its own hash', () => {
    const sha256 = createHash('sha256').update(zip()).digest('hex');
    expect(readFileSync(new URL(`downloads/${name()}.sha256`, dist), 'utf8')).toBe(`${sha256}  ${name()}\n`);
  });
});
