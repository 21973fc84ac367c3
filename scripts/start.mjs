// `npm start`: build whatever is missing or older than its sources, then serve the whole product.
// A newcomer runs `npm install && npm start` and gets the site with the demo café; a second start skips the builds.
import { spawn } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = new URL('..', import.meta.url).pathname;

buildIfNeeded();

// The server handles SIGINT/SIGTERM itself (closing the embedded database cleanly); pass them on and wait.
const server = spawn(process.execPath, ['backend/dist/main.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
