// The diner menu page's JavaScript before the diner interacts (DESIGN.md §8: at most 100 KiB gzipped, goal 60), read
// from the built diner.html: its module entry and every chunk it preloads (its static imports).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './servers.mjs';

export function dinerJavaScript() {
  const dist = join(root, 'frontend/dist');
  const html = readFileSync(join(dist, 'diner.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1]);
  const unique = [...new Set(files)];
  const gzipped = unique.map((file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return { files: unique, gzipBytes: gzipped.reduce((sum, size) => sum + size, 0) };
}
