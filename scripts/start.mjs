// `npm start`: build whatever is missing or older than its sources, then serve the whole product.
// A newcomer runs `npm install && npm start` and gets the site with the demo café; a second start skips the builds.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

const parts = [
  { name: 'contracts', sources: ['contracts/src'], output: 'contracts/dist/index.js' },
  {
    name: 'frontend',
    sources: [
      'frontend/src',
      'frontend/index.html',
      'frontend/landing.html',
      'frontend/app-shell.html',
      'frontend/public',
      'contracts/src',
    ],
    output: 'frontend/dist/index.html',
  },
  // The backend's build compiles src/ (SWC) and bundles the result with the contracts' build (scripts/bundle.mjs).
  {
    name: 'backend',
    sources: ['backend/src', 'backend/scripts/bundle.mjs', 'contracts/src'],
    output: 'backend/dist/main.js',
  },
];

function newestModification(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestModification(join(path, entry)));
  return newest;
}

for (const part of parts) {
  const output = join(root, part.output);
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changedAt = Math.max(...part.sources.map(newestModification));
  if (builtAt > changedAt) continue;
  console.log(`Building ${part.name}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', part.name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server handles SIGINT/SIGTERM itself (closing the embedded database cleanly); pass them on and wait.
const server = spawn(process.execPath, ['backend/dist/main.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
