// `setup`: the local pairing page, opened in the default browser, until the agent is paired.
import { enableAutostart, disableAutostart, selfCommand } from './autostart.js';
import { spawn } from 'node:child_process';
import { startSetupPage } from './setup-page.js';
import { listSystemPrinters } from './system-printers.js';

/** Opens `url` in the default browser; a failure only leaves the printed address to copy. */
const openInBrowser = (url: string) => {
  const [command, args] =
    process.platform === 'win32'
      ? ['cmd.exe', ['/d', '/c', 'start', '""', url.replace(/&/g, '^&')]]
      : [process.platform === 'darwin' ? 'open' : 'xdg-open', [url]];
  try {
    const child = spawn(command, args as string[], { stdio: 'ignore', detached: true, windowsHide: true });
    child.once('error', () => undefined);
    child.unref();
  } catch {
    // the address is printed as well
  }
};

export const openSetupPage = async ({
  dir,
  server,
  port,
  open,
  log,
}: {
  dir: string;
  server?: string;
  port?: number;
  open: boolean;
  log: (line: string) => void;
}): Promise<void> => {
  const options = {
    dir,
    server,
    listPrinters: () => listSystemPrinters(),
    autostart: (enabled: boolean) =>
      enabled ? enableAutostart(selfCommand()).then(() => undefined) : disableAutostart(),
  };
  // A fixed port first so the address stays the same from one day to the next; any free one if it is taken.
  const page = await startSetupPage({ ...options, port: port ?? 17380 }).catch((error: unknown) => {
    if (port === undefined && (error as { code?: string }).code === 'EADDRINUSE')
      return startSetupPage({ ...options, port: 0 });
    throw error;
  });
  log(`פתחו בדפדפן כדי לחבר את המדפסת / open to pair: ${page.url}`);
  if (open) openInBrowser(page.url);
  const config = await page.paired;
  log(`חובר לעסק "${config.businessName}" / paired with "${config.businessName}" (${config.printer})`);
  await page.close();
};
