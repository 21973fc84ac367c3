// `setup`: the local pairing page, opened in the default browser, until the agent is paired.
import { enableAutostart, disableAutostart, selfCommand } from './autostart.js';
import { spawn, type SpawnOptions } from 'node:child_process';
import { startSetupPage } from './setup-page.js';
import { listSystemPrinters } from './system-printers.js';

/** The command that opens `url` in the default browser on `platform`. */
export const browserCommand = (
  platform: NodeJS.Platform,
  url: string,
): { command: string; args: string[]; options: SpawnOptions } => {
  if (platform === 'win32') {
    // `start`'s first quoted argument is the window's title, hence the empty one; verbatim, so Node adds no quotes.
    return {
      command: 'cmd.exe',
      args: ['/d', '/s', '/c', `"start "" "${url}""`],
      options: { windowsVerbatimArguments: true, windowsHide: true },
    };
  }
  return { command: platform === 'darwin' ? 'open' : 'xdg-open', args: [url], options: {} };
};

/** Opens `url` in the default browser; a failure only leaves the printed address to copy. */
const openInBrowser = (url: string) => {
  const { command, args, options } = browserCommand(process.platform, url);
  try {
    const child = spawn(command, args, { ...options, stdio: 'ignore', detached: true });
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
