// Writes .br and .gz siblings of every compressible file in dist/, so the server can send them as they are
// (Content-Encoding negotiated per request) instead of compressing on every response.
// Every matching file gets both siblings, small ones too, so the server's rule stays simple (a sibling exists).
// Fonts (woff2) are skipped: they are Brotli-compressed already.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // dist/ssr is the diner's server renderer, read by the backend from disk: never sent, so never compressed.
    if (entry.isDirectory()) {
      if (path !== join(dist, 'ssr')) yield* files(path);
    } else if (entry.isFile()) yield path;
  }
}

let count = 0;
let before = 0;
let afterBr = 0;
for await (const path of files(dist)) {
  if (!COMPRESSIBLE.test(path)) continue;
  const source = await readFile(path);
  const br = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gz = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
  await writeFile(`${path}.br`, br);
  await writeFile(`${path}.gz`, gz);
  count += 1;
  before += source.length;
  afterBr += br.length;
  if (process.env.PRECOMPRESS_VERBOSE)
    console.log(`${relative(dist, path)}: ${source.length} -> br ${br.length}, gz ${gz.length}`);
}
console.log(
  `precompress: ${count} files, ${(before / 1024).toFixed(1)} KiB -> ${(afterBr / 1024).toFixed(1)} KiB brotli`,
);
