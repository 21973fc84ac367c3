// "Printed once": the slips this agent already printed. A slip pushed again (its ack was lost with the connection)
// is acknowledged as printed without printing it a second time. Written right after the printer took the bytes and
// before the ack, so a crash in between costs an ack, never a second slip in the kitchen.
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from './config.js';

export const PRINTED_MEMORY_SIZE = 1_000;

export interface PrintedMemory {
  has(slipId: string): boolean;
  remember(slipId: string): Promise<void>;
}

export const openPrintedMemory = async (path: string, size = PRINTED_MEMORY_SIZE): Promise<PrintedMemory> => {
  let ids: string[] = [];
  try {
    const stored: unknown = JSON.parse(await readFile(path, 'utf8'));
    const list = Array.isArray(stored) ? stored : (stored as { slipIds?: unknown })?.slipIds;
    if (Array.isArray(list)) ids = list.filter((id): id is string => typeof id === 'string').slice(-size);
  } catch {
    // No file yet (or an unreadable one): start empty.
  }
  const known = new Set(ids);
  let writing: Promise<void> = Promise.resolve();
  return {
    has: (slipId) => known.has(slipId),
    remember: async (slipId) => {
      if (!known.has(slipId)) {
        ids.push(slipId);
        known.add(slipId);
        if (ids.length > size) for (const dropped of ids.splice(0, ids.length - size)) known.delete(dropped);
      }
      const snapshot = JSON.stringify({ slipIds: ids });
      // Writes are chained so an older list never lands after a newer one.
      writing = writing
        .catch(() => undefined)
        .then(async () => {
          await mkdir(dirname(path), { recursive: true, mode: 0o700 });
          await writeFileAtomic(path, `${snapshot}\n`);
        });
      await writing;
    },
  };
};
