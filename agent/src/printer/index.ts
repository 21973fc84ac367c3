import { createCupsPrinter } from './cups.js';
import { createFilePrinter } from './file.js';
import type { Printer } from './printer.js';
import { createTcpPrinter } from './tcp.js';
import { createWindowsPrinter } from './windows.js';

export type { Printer } from './printer.js';
export { shortReason } from './printer.js';

export class PrinterSpecError extends Error {}

const SPEC_HELP =
  'use tcp://HOST:PORT, cups:NAME, windows:\\\\HOST\\SHARE, windows:SHARE or file:PATH' +
  ' / השתמשו ב-tcp://HOST:PORT, cups:NAME, windows:SHARE או file:PATH';

/** Parses a `--printer` spec into a printer. Throws `PrinterSpecError` with a readable message. */
export const createPrinter = (spec: string): Printer => {
  const trimmed = spec.trim();
  if (/^tcp:\/\//i.test(trimmed)) {
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      throw new PrinterSpecError(`invalid printer address "${spec}": ${SPEC_HELP}`);
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = url.port ? Number(url.port) : 9100;
    if (!host) throw new PrinterSpecError(`missing host in "${spec}": ${SPEC_HELP}`);
    return createTcpPrinter({ host, port, spec: trimmed });
  }
  const match = /^(cups|windows|file):(.*)$/is.exec(trimmed);
  const kind = match?.[1]?.toLowerCase();
  const rest = match?.[2]?.trim() ?? '';
  if (kind === 'cups') return createCupsPrinter({ name: rest, spec: trimmed });
  if (kind === 'file') {
    if (!rest) throw new PrinterSpecError(`missing path in "${spec}": ${SPEC_HELP}`);
    return createFilePrinter({ path: rest, spec: trimmed });
  }
  if (kind === 'windows') {
    if (!rest) throw new PrinterSpecError(`missing share name in "${spec}": ${SPEC_HELP}`);
    const share = rest.startsWith('\\\\') ? rest : `\\\\localhost\\${rest.replace(/^[\\/]+/, '')}`;
    return createWindowsPrinter({ share, spec: trimmed });
  }
  throw new PrinterSpecError(`unknown printer "${spec}": ${SPEC_HELP}`);
};
