// The list of what /downloads offers (`index.json`), rewritten by every build that adds or removes a package: the
// settings' printing card reads it instead of asking for each file, so a package that was not built (the
// executables of `npm run build:agent`) is simply absent, never a 404 in the owner's browser.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const DOWNLOADS_INDEX = 'index.json';

export function writeDownloadsIndex(dir) {
  const files = readdirSync(dir)
    .filter((name) => name !== DOWNLOADS_INDEX && !name.endsWith('.sha256') && !name.startsWith('.'))
    .sort();
  writeFileSync(join(dir, DOWNLOADS_INDEX), `${JSON.stringify({ files }, null, 2)}\n`);
}
