// `npm run restore`: builds whatever is missing (like `npm start`), then runs the backend's restore command
// (backend/src/cli/restore.ts, decision 061) with the same environment and the arguments given after `--`.
import { spawn } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = new URL('..', import.meta.url).pathname;

buildIfNeeded(2);
const command = spawn(process.execPath, ['backend/dist/cli/restore.js', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
command.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
