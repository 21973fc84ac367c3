// The diner menu page's JavaScript before the diner interacts (DESIGN.md §8: at most 100 KiB gzipped, goal 60), read
// from the built diner.html: its module entry, every chunk it preloads (its static imports), and the chunks the entry
// imports once the menu is painted (React and the app, listed in the entry's `__vite__mapDeps`): they load before a
// tap can do anything, so they count (decision 013).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './servers.mjs';

export function dinerJavaScript() {
  const dist = join(root, 'frontend/dist');
  const html = readFileSync(join(dist, 'diner.html'), 'utf8');
  const firstPaint = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1]);
  const [entry] = firstPaint;
  const afterPaint = entry ? dynamicDependencies(readFileSync(join(dist, entry), 'utf8')) : [];
  const unique = [...new Set([...firstPaint, ...afterPaint])];
  const sizeOf = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const total = (files) => files.reduce((sum, file) => sum + sizeOf(file), 0);
  return {
    files: unique,
    gzipBytes: total(unique),
    firstPaintGzipBytes: total([...new Set(firstPaint)]),
  };
}

/** The JavaScript files of Vite's preload list (`m.f=["assets/a.js", ...]`) in a built chunk, as absolute paths. */
function dynamicDependencies(source) {
  const lists = [...source.matchAll(/m\.f=\[([^\]]*)\]/g)].map((match) => match[1]);
  return lists
    .flatMap((list) => [...list.matchAll(/"([^"]+\.js)"/g)].map((match) => match[1]))
    .map((file) => (file.startsWith('/') ? file : `/${file}`));
}
