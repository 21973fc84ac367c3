// "Start with the computer": the file each system reads at login, written under a temporary home.
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { autostartPath, disableAutostart, enableAutostart } from '../src/autostart.js';
import { browserCommand } from '../src/setup.js';
import { tempDir } from './support.js';

describe('starting with the computer', () => {
  it('Linux: an XDG autostart entry that runs the agent, removed again when turned off', async () => {
    const home = tempDir();
    const target = { platform: 'linux' as const, env: {}, home };
    const path = await enableAutostart(['/opt/tafrit/tafrit-agent linux', 'run'], target);
    expect(path).toBe(join(home, '.config', 'autostart', 'tafrit-agent.desktop'));
    const entry = readFileSync(path, 'utf8');
    expect(entry).toMatch(/^\[Desktop Entry\]\nType=Application\n/);
    expect(entry).toContain('Exec="/opt/tafrit/tafrit-agent linux" "run"\n');
    expect(entry).toContain('Terminal=false');
    await disableAutostart(target);
    expect(existsSync(path)).toBe(false);
  });

  it('Linux: follows XDG_CONFIG_HOME', () => {
    expect(autostartPath({ platform: 'linux', env: { XDG_CONFIG_HOME: '/x/cfg' }, home: '/home/dana' })).toBe(
      '/x/cfg/autostart/tafrit-agent.desktop',
    );
  });

  it("Windows: a .cmd in the user's Startup folder that starts the executable minimised", async () => {
    const home = tempDir();
    const appData = join(home, 'AppData', 'Roaming');
    const target = { platform: 'win32' as const, env: { APPDATA: appData }, home };
    const path = await enableAutostart(['C:\\Users\\Dana\\Downloads\\tafrit-agent.exe', 'run'], target);
    expect(path).toBe(join(appData, 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Startup', 'tafrit-agent.cmd'));
    expect(readFileSync(path, 'utf8')).toBe(
      '@echo off\r\nstart "" /min "C:\\Users\\Dana\\Downloads\\tafrit-agent.exe" "run"\r\n',
    );
  });

  it('Mac: a LaunchAgent that runs at login', async () => {
    const home = tempDir();
    const path = await enableAutostart(['/usr/local/bin/node', '/Users/d/a&b/tafrit-agent.mjs', 'run'], {
      platform: 'darwin',
      home,
    });
    expect(path).toBe(join(home, 'Library', 'LaunchAgents', 'co.tafrit.tafrit-agent.plist'));
    const plist = readFileSync(path, 'utf8');
    expect(plist).toContain('<string>/Users/d/a&amp;b/tafrit-agent.mjs</string><string>run</string>');
    expect(plist).toContain('<key>RunAtLoad</key><true/>');
  });
});

describe('opening the setup page in the default browser', () => {
  it('Windows: cmd start with an empty title, passed verbatim', () => {
    expect(browserCommand('win32', 'http://127.0.0.1:17380/abc/')).toEqual({
      command: 'cmd.exe',
      args: ['/d', '/s', '/c', '"start "" "http://127.0.0.1:17380/abc/""'],
      options: { windowsVerbatimArguments: true, windowsHide: true },
    });
  });

  it('Linux xdg-open, Mac open', () => {
    expect(browserCommand('linux', 'http://127.0.0.1:1/a/')).toMatchObject({
      command: 'xdg-open',
      args: ['http://127.0.0.1:1/a/'],
    });
    expect(browserCommand('darwin', 'http://127.0.0.1:1/a/')).toMatchObject({ command: 'open' });
  });
});
