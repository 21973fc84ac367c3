import { createServer, type Server } from 'node:net';

/** A network receipt printer on loopback (port 9100's role): every connection's bytes, as one job each. */
export interface FakePrinter {
  port: number;
  jobs: Buffer[];
  /** Called with each job's first bytes, while the job is still arriving. */
  onData?: () => void;
  /** Resolves when at least `count` jobs have arrived in full. */
  waitForJobs(count: number, timeoutMs?: number): Promise<Buffer[]>;
  close(): Promise<void>;
}

export async function startFakePrinter(): Promise<FakePrinter> {
  const jobs: Buffer[] = [];
  const printer: FakePrinter = {
    port: 0,
    jobs,
    async waitForJobs(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (jobs.length < count) {
        if (Date.now() > deadline) throw new Error(`the printer got ${jobs.length} of ${count} jobs`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return jobs;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((socket) => {
    const chunks: Buffer[] = [];
    let first = true;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (first) printer.onData?.();
      first = false;
    });
    // The agent ends its side when every byte is sent; a printer then closes too (allowHalfOpen is off).
    socket.on('end', () => jobs.push(Buffer.concat(chunks)));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  printer.port = typeof address === 'object' && address ? address.port : 0;
  return printer;
}
