// Raw ESC/POS to a network printer (port 9100, "JetDirect"). "Accepted" means every byte was written and the
// connection closed cleanly; many printers never close their side, so a clean local end plus a short grace period
// counts too.
import { connect } from 'node:net';
import type { Printer } from './printer.js';

export const TCP_CONNECT_TIMEOUT_MS = 5_000;
/** A printer out of paper stops reading: the write would wait forever. */
export const TCP_WRITE_TIMEOUT_MS = 30_000;
const CLOSE_GRACE_MS = 1_500;

export const createTcpPrinter = ({
  host,
  port,
  spec,
  connectTimeoutMs = TCP_CONNECT_TIMEOUT_MS,
  writeTimeoutMs = TCP_WRITE_TIMEOUT_MS,
}: {
  host: string;
  port: number;
  spec: string;
  connectTimeoutMs?: number;
  writeTimeoutMs?: number;
}): Printer => ({
  connectionType: 'tcp',
  spec,
  defaultName: `${host}:${port}`,
  print: (bytes) =>
    new Promise<void>((resolve, reject) => {
      const socket = connect({ host, port });
      let settled = false;
      let finished = false;
      let grace: NodeJS.Timeout | undefined;
      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(connectTimer);
        clearTimeout(writeTimer);
        clearTimeout(grace);
        socket.destroy();
        if (error) reject(error);
        else resolve();
      };
      const connectTimer = setTimeout(
        () => settle(new Error(`no connection to printer ${host}:${port} within ${connectTimeoutMs / 1000} s`)),
        connectTimeoutMs,
      );
      let writeTimer: NodeJS.Timeout | undefined;
      socket.once('connect', () => {
        clearTimeout(connectTimer);
        writeTimer = setTimeout(
          () => settle(new Error(`printer ${host}:${port} did not take the slip within ${writeTimeoutMs / 1000} s`)),
          writeTimeoutMs,
        );
        socket.end(bytes);
      });
      socket.once('finish', () => {
        finished = true;
        grace = setTimeout(() => settle(), CLOSE_GRACE_MS);
      });
      socket.on('data', () => undefined); // status bytes some printers send back
      socket.once('error', (error) => settle(new Error(`printer ${host}:${port}: ${error.message}`)));
      socket.once('close', (hadError) => {
        if (hadError) return; // 'error' already settled it
        if (finished) settle();
        else settle(new Error(`printer ${host}:${port} closed the connection before taking the slip`));
      });
    }),
});
