// The printers the system already knows, for the local setup page's list: Windows through PowerShell's Get-Printer
// (wmic where PowerShell is missing), Mac and Linux through CUPS (`lpstat -e`). The commands run through `run`,
// which tests stand in for.
import { execFile } from 'node:child_process';

export interface SystemPrinter {
  /** The name the system shows. */
  name: string;
  /** The agent's printer spec for it, or null when it cannot print raw as it is (an unshared Windows printer). */
  spec: string | null;
}

export type RunForOutput = (command: string, args: string[]) => Promise<string>;

const LIST_TIMEOUT_MS = 15_000;

export const runForOutput: RunForOutput = (command, args) =>
  new Promise((resolve, reject) => {
    execFile(command, args, { timeout: LIST_TIMEOUT_MS, windowsHide: true }, (error, stdout) =>
      error ? reject(error) : resolve(String(stdout)),
    );
  });

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

// Get-Printer's share name is what `copy /b FILE \\localhost\SHARE` needs to pass raw bytes to the spooler.
const POWERSHELL_LIST =
  'Get-Printer | ForEach-Object { $_.Name + [char]9 + $(if ($_.Shared) { $_.ShareName } else { "" }) }';

const windowsPrinters = async (run: RunForOutput): Promise<SystemPrinter[]> => {
  try {
    const output = await run('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', POWERSHELL_LIST]);
    return lines(output).map((line) => {
      const [name = '', share = ''] = line.split('\t');
      return { name: name.trim(), spec: share.trim() ? `windows:${share.trim()}` : null };
    });
  } catch {
    // Older systems: wmic prints a CSV of Node,Name,ShareName,Shared.
    const output = await run('wmic', ['printer', 'get', 'Name,ShareName,Shared', '/format:csv']);
    return lines(output)
      .slice(1)
      .map((line) => line.split(','))
      .filter((fields) => fields.length >= 4)
      .map(([, name = '', share = '', shared = '']) => ({
        name,
        spec: shared.toUpperCase() === 'TRUE' && share ? `windows:${share}` : null,
      }));
  }
};

const cupsPrinters = async (run: RunForOutput): Promise<SystemPrinter[]> =>
  lines(await run('lpstat', ['-e'])).map((name) => ({ name, spec: `cups:${name}` }));

/** The system's printers; an empty list when none are known or the system cannot be asked. */
export const listSystemPrinters = async (
  platform: NodeJS.Platform = process.platform,
  run: RunForOutput = runForOutput,
): Promise<SystemPrinter[]> => {
  try {
    const found = platform === 'win32' ? await windowsPrinters(run) : await cupsPrinters(run);
    return found.filter((printer) => printer.name);
  } catch {
    return [];
  }
};
