import { describe, expect, it } from '@jest/globals';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { configDir, loadConfig, saveConfig } from '../src/config.js';
import { openPrintedMemory } from '../src/printed-memory.js';
import { createPrinter, PrinterSpecError } from '../src/printer/index.js';
import { createTcpPrinter } from '../src/printer/tcp.js';
import { closedPort, startFakePrinter, tempDir } from './support.js';

describe('printers', () => {
  it('a file printer appends the bytes', async () => {
    const path = join(tempDir(), 'printer.bin');
    const printer = createPrinter(`file:${path}`);
    await printer.print(Buffer.from([1, 2, 3]));
    await printer.print(Buffer.from([4, 5]));
    expect([...readFileSync(path)]).toEqual([1, 2, 3, 4, 5]);
    expect(printer.connectionType).toBe('file');
  });

  it('a file printer that cannot write fails with the reason', async () => {
    const printer = createPrinter(`file:${join(tempDir(), 'missing', 'folder', 'printer.bin')}`);
    await expect(printer.print(Buffer.from([1]))).rejects.toThrow(/ENOENT/);
  });

  it('a network printer gets every byte', async () => {
    const fake = await startFakePrinter();
    const bytes = Buffer.alloc(1_000_000, 7);
    await createPrinter(fake.spec).print(bytes);
    expect(fake.jobs[0]!.equals(bytes)).toBe(true);
    await fake.close();
  });

  it('a network printer that stops reading fails after the write timeout', async () => {
    const stuck = createServer((socket) => socket.pause()); // out of paper: takes the connection, reads nothing
    await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', () => resolve()));
    const { port } = stuck.address() as AddressInfo;
    const printer = createTcpPrinter({ host: '127.0.0.1', port, spec: `tcp://127.0.0.1:${port}`, writeTimeoutMs: 300 });
    await expect(printer.print(Buffer.alloc(64 * 1024 * 1024))).rejects.toThrow(/did not take the slip/);
    stuck.close();
  });

  it('a refused network printer fails with the reason', async () => {
    const port = await closedPort();
    await expect(createPrinter(`tcp://127.0.0.1:${port}`).print(Buffer.from([1]))).rejects.toThrow(/ECONNREFUSED/);
  });

  const fakeLp = (script: string): string => {
    const bin = tempDir();
    writeFileSync(join(bin, 'lp'), `#!/bin/sh\n${script}\n`, { mode: 0o755 });
    return bin;
  };
  const withPath = async (bin: string, run: () => Promise<void>) => {
    const saved = process.env.PATH;
    process.env.PATH = `${bin}:${saved}`;
    try {
      await run();
    } finally {
      process.env.PATH = saved;
    }
  };

  (process.platform === 'win32' ? it.skip : it)('a cups printer pipes the bytes to lp -d NAME -o raw', async () => {
    const bin = fakeLp('echo "$@" > "$(dirname "$0")/args"; cat > "$(dirname "$0")/bytes"');
    await withPath(bin, () => createPrinter('cups:Kitchen').print(Buffer.from([0x1b, 0x40, 0x00, 0xff])));
    expect(readFileSync(join(bin, 'args'), 'utf8').trim()).toBe('-d Kitchen -o raw');
    expect([...readFileSync(join(bin, 'bytes'))]).toEqual([0x1b, 0x40, 0x00, 0xff]);
  });

  (process.platform === 'win32' ? it.skip : it)('a cups printer that lp refuses fails with its message', async () => {
    const bin = fakeLp('cat > /dev/null; echo "lp: The printer or class does not exist." >&2; exit 1');
    await withPath(bin, () =>
      expect(createPrinter('cups:Nope').print(Buffer.from([1]))).rejects.toThrow(/exited with code 1: lp: The printer/),
    );
  });

  it('parses the printer specs', () => {
    expect(createPrinter('tcp://192.168.1.50')).toMatchObject({
      connectionType: 'tcp',
      defaultName: '192.168.1.50:9100',
    });
    expect(createPrinter('tcp://printer.local:9101')).toMatchObject({ defaultName: 'printer.local:9101' });
    expect(createPrinter('cups:Kitchen_80')).toMatchObject({ connectionType: 'cups', defaultName: 'Kitchen_80' });
    expect(createPrinter('windows:\\\\PC\\Kitchen')).toMatchObject({
      connectionType: 'windows',
      defaultName: '\\\\PC\\Kitchen',
    });
    expect(createPrinter('windows:Kitchen')).toMatchObject({ defaultName: '\\\\localhost\\Kitchen' });
    expect(createPrinter('file:/dev/usb/lp0')).toMatchObject({ connectionType: 'file', defaultName: '/dev/usb/lp0' });
    expect(() => createPrinter('usb:1')).toThrow(PrinterSpecError);
    expect(() => createPrinter('file:')).toThrow(PrinterSpecError);
  });
});

describe('settings and memory', () => {
  it('the config folder follows the system', () => {
    expect(configDir({ TAFRIT_AGENT_HOME: '/t' }, 'linux', '/home/a')).toBe('/t');
    expect(configDir({}, 'linux', '/home/a')).toBe('/home/a/.config/tafrit-agent');
    expect(configDir({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/a')).toBe('/x/tafrit-agent');
    expect(configDir({}, 'darwin', '/Users/a')).toBe('/Users/a/Library/Application Support/tafrit-agent');
    expect(configDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32', 'C:\\Users\\a')).toMatch(/tafrit-agent$/);
  });

  it('the config is saved readable by its owner only', async () => {
    const dir = join(tempDir(), 'nested');
    const config = {
      server: 'https://tafrit.example',
      agentId: 'a',
      agentSecret: 's',
      businessName: 'קפה',
      printer: 'tcp://10.0.0.5:9100',
      printerName: 'מטבח',
    };
    const path = await saveConfig(dir, config);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    await expect(loadConfig(dir)).resolves.toEqual(config);
  });

  it('the memory keeps the last slips only', async () => {
    const path = join(tempDir(), 'printed-slips.json');
    const memory = await openPrintedMemory(path, 3);
    for (const id of ['a', 'b', 'c', 'd']) await memory.remember(id);
    expect(memory.has('a')).toBe(false);
    expect(memory.has('d')).toBe(true);
    const reopened = await openPrintedMemory(path, 3);
    expect(['a', 'b', 'c', 'd'].map((id) => reopened.has(id))).toEqual([false, true, true, true]);
  });
});
