// Appends the bytes to a file: for tests, and for printers the system exposes as a device file (/dev/usb/lp0).
import { appendFile } from 'node:fs/promises';
import type { Printer } from './printer.js';

export const createFilePrinter = ({ path, spec }: { path: string; spec: string }): Printer => ({
  connectionType: 'file',
  spec,
  defaultName: path,
  print: async (bytes) => {
    try {
      await appendFile(path, bytes);
    } catch (error) {
      throw new Error(`cannot write to ${path}: ${(error as Error).message}`, { cause: error });
    }
  },
});
