// The second step of `npm run build -w backend` (decision 014): bundles the SWC build in dist/ into dist/main.js and
// a few chunks in dist/chunks/, so that a start loads a few dozen files instead of some 2,500 modules (Node resolves,
// reads, links and evaluates each one: most of a start's time). The SWC tree stays in dist/ beside the bundle: the
// maintenance scripts import from it, and it is the readable form of the build.
//
// What stays outside the bundle, loaded from node_modules as before:
// - native or WebAssembly packages whose files lie beside their own modules (PGlite, sharp, KurrentDB's client);
// - optional packages Nest, MikroORM, pg and ws look for and this product does not install;
// - packages that locate files beside their own modules through __dirname (pino's transports, socket.io's client
//   files, ioredis' error stacks): the bundle checks that nothing else bundled does.
// `import.meta.url` in bundled modules is rewritten to the module's original place, so paths built from it
// (the front end's folder, the slip fonts, the build stamp) are the same as in the SWC tree.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const backend = fileURLToPath(new URL('..', import.meta.url));
const dist = join(backend, 'dist');
const entry = join(dist, 'main.js');
const MARKER = '// Bundled by backend/scripts/bundle.mjs';

if (!existsSync(entry)) throw new Error('dist/main.js is missing: run "npm run build -w backend" (SWC first)');
if (readFileSync(entry, 'utf8').startsWith(MARKER)) {
  throw new Error('dist/ is already bundled: run "npm run build -w backend", which compiles it afresh first');
}

const EXTERNAL = [
  // WebAssembly PostgreSQL: its .wasm and data files are found beside its modules (and it runs in a worker thread).
  /^@electric-sql\/pglite(-socket)?(\/|$)/,
  // Native code.
  /^sharp(\/|$)/,
  /^@kurrent\/kurrentdb-client(\/|$)/,
  'pg-native',
  'bufferutil',
  'utf-8-validate',
  // __dirname inside (see above).
  /^pino(\/|$)/,
  /^socket\.io(\/|$)/,
  /^@socket\.io\/redis-adapter(\/|$)/,
  /^ioredis(\/|$)/,
  // The ledger's workbook (issue 32): imported only when a month is downloaded; its zip writer's glob uses __dirname.
  /^exceljs(\/|$)/,
  // Optional packages of Nest and MikroORM this product does not use (nor install).
  /^@nestjs\/microservices(\/|$)/,
  '@nestjs/platform-express',
  '@fastify/view',
  'class-validator',
  'class-transformer',
  'dataloader',
];

const MODULE_URL = '__tafritModuleUrl';
const normalize = (path) => path.split(sep).join('/');

/**
 * `import.meta.url` keeps meaning the module's own file; and a bundled module that relies on `__dirname` or
 * `__filename` (which would name a chunk, or nothing in an ES module) stops the build.
 */
function keepModuleLocations() {
  const usesDirname = new Set();
  return {
    name: 'tafrit-keep-module-locations',
    transform(code, id) {
      if (!id.startsWith('/') || id.includes('\0')) return null;
      if (/\b__(dirname|filename)\b/.test(code) && id.includes('/node_modules/')) usesDirname.add(normalize(id));
      if (/\bimport\.meta\.(dirname|filename)\b/.test(code)) {
        this.error(`${id} uses import.meta.dirname/filename, which this bundle does not rewrite`);
      }
      if (!code.includes('import.meta.url')) return null;
      return { code: code.replaceAll('import.meta.url', `${MODULE_URL}(${JSON.stringify(id)})`), map: null };
    },
    buildEnd(error) {
      if (!error && usesDirname.size > 0) {
        this.error(
          `bundled modules use __dirname/__filename, which would point at a chunk: mark their packages external\n` +
            [...usesDirname].join('\n'),
        );
      }
    },
    renderChunk(code, chunk) {
      if (!code.includes(MODULE_URL)) return null;
      const chunkFolder = dirname(join(dist, chunk.fileName));
      const pattern = new RegExp(`${MODULE_URL}\\(("(?:[^"\\\\]|\\\\.)*")\\)`, 'g');
      return {
        code: code.replace(pattern, (_match, literal) => {
          const path = normalize(relative(chunkFolder, JSON.parse(literal)));
          return `new URL(${JSON.stringify(path.startsWith('.') ? path : `./${path}`)}, import.meta.url).href`;
        }),
        map: null,
      };
    },
  };
}

const startedAt = performance.now();
const bundle = await rolldown({
  input: { main: entry },
  platform: 'node',
  cwd: backend,
  external: EXTERNAL,
  plugins: [keepModuleLocations()],
  // Warnings are errors: an import the bundle cannot resolve would otherwise fail only at run time.
  onLog(level, log, handler) {
    if (level === 'warn') handler('error', log);
    else handler(level, log);
  },
});
rmSync(join(dist, 'chunks'), { recursive: true, force: true });
const { output } = await bundle.write({
  dir: dist,
  format: 'esm',
  entryFileNames: '[name].js',
  chunkFileNames: 'chunks/[name]-[hash].js',
  // Nest, MikroORM and the event store rely on class names (entities, extensions, logs), as in the SWC build.
  keepNames: true,
  banner: (chunk) => (chunk.isEntry ? MARKER : ''),
});
await bundle.close();
const bytes = output.reduce((sum, file) => sum + (file.type === 'chunk' ? file.code.length : 0), 0);
console.log(
  `Bundled dist/main.js and ${output.length - 1} chunks (${(bytes / 1048576).toFixed(1)} MB) in ` +
    `${Math.round(performance.now() - startedAt)} ms`,
);
