// Builds whatever part of the product is missing or older than its sources (`npm start`, `npm run backup`,
// `npm run restore`): a second run skips the builds.
import { spawnSync } from 'node:child_process';
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

/** `output`: where the builds' own output goes; a command whose last line is its answer sends it to stderr (2). */
export function buildIfNeeded(buildOutput = 'inherit') {
  for (const part of parts) {
    const output = join(root, part.output);
    const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
    const changedAt = Math.max(...part.sources.map(newestModification));
    if (builtAt > changedAt) continue;
    (buildOutput === 2 ? console.error : console.log)(`Building ${part.name}...`);
    const result = spawnSync('npm', ['run', 'build', '-w', part.name], {
      cwd: root,
      stdio: ['inherit', buildOutput, 'inherit'],
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
