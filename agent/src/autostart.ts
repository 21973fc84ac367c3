// "Start with the computer": a file the desktop reads at login. Windows: a .cmd in the user's Startup folder (no
// registry write, so removing the file undoes it); Linux: an XDG autostart .desktop entry; Mac: a LaunchAgent.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface AutostartTarget {
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  home?: string;
}

const NAME = 'tafrit-agent';

export const autostartPath = ({
  platform = process.platform,
  env = process.env,
  home = homedir(),
}: AutostartTarget = {}): string => {
  if (platform === 'win32') {
    const appData = env.APPDATA ?? join(home, 'AppData', 'Roaming');
    return join(appData, 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Startup', `${NAME}.cmd`);
  }
  if (platform === 'darwin') return join(home, 'Library', 'LaunchAgents', `co.tafrit.${NAME}.plist`);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'autostart', `${NAME}.desktop`);
};

const quote = (part: string) => `"${part.replace(/"/g, '\\"')}"`;
const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const contents = (platform: NodeJS.Platform, command: string[]): string => {
  if (platform === 'win32') {
    // `start "" /min` opens the agent's window minimised and lets the login go on.
    return ['@echo off', `start "" /min ${command.map((part) => `"${part}"`).join(' ')}`, ''].join('\r\n');
  }
  if (platform === 'darwin') {
    return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>co.tafrit.${NAME}</string>
  <key>ProgramArguments</key><array>${command.map((part) => `<string>${xml(part)}</string>`).join('')}</array>
  <key>RunAtLoad</key><true/>
</dict></plist>
`;
  }
  return `[Desktop Entry]
Type=Application
Name=Tafrit printing agent
Name[he]=סוכן ההדפסה של תפריט
Exec=${command.map(quote).join(' ')}
Terminal=false
X-GNOME-Autostart-enabled=true
`;
};

/** Writes the login entry that runs `command` (the executable and its arguments); answers its path. */
export const enableAutostart = async (command: string[], target: AutostartTarget = {}): Promise<string> => {
  const path = autostartPath(target);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, contents(target.platform ?? process.platform, command), { mode: 0o644 });
  return path;
};

export const disableAutostart = async (target: AutostartTarget = {}): Promise<void> => {
  await rm(autostartPath(target), { force: true });
};

/** How this agent is started again: the executable alone, or node with the script. */
export const selfCommand = (): string[] => {
  const script = process.argv[1];
  const isExecutable = !script || script === process.execPath;
  return isExecutable ? [process.execPath, 'run'] : [process.execPath, script, 'run'];
};
