// @vitest-environment node
// Design rules that are cheap to check without a browser (axe-core in the browser tests checks the rest):
// the palette's text/background pairs meet WCAG AA contrast, and no physical left/right utility sneaks in.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('.', import.meta.url));
const css = readFileSync(join(srcDir, 'theme.css'), 'utf8');

function colour(name: string): string {
  if (name === 'white') return '#ffffff';
  const match = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(css);
  if (!match?.[1]) throw new Error(`--color-${name} is not a hex colour in theme.css`);
  return match[1];
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('palette contrast', () => {
  it('computes contrast like WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  // [text, background, minimum]: every pair the components use.
  const pairs: [string, string, number][] = [
    ['ink', 'surface', 4.5],
    ['ink', 'canvas', 4.5],
    ['muted', 'surface', 4.5],
    ['muted', 'canvas', 4.5],
    ['brand-700', 'surface', 4.5],
    ['brand-700', 'canvas', 4.5],
    ['brand-700', 'brand-50', 4.5],
    ['brand-900', 'surface', 4.5],
    ['white', 'brand-700', 4.5],
    ['white', 'brand-800', 4.5],
    ['white', 'danger', 4.5],
    ['danger', 'surface', 4.5],
    ['danger', 'danger-50', 4.5],
    // The focus ring is not text: 3:1 against what surrounds it (WCAG 1.4.11).
    ['focus', 'surface', 3],
    ['focus', 'canvas', 3],
  ];
  it.each(pairs)('%s on %s reaches %s:1', (text, background, minimum) => {
    expect(contrast(colour(text), colour(background))).toBeGreaterThanOrEqual(minimum);
  });
});

describe('right-to-left layout', () => {
  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$|routeTree\.gen\.ts$/.test(entry.name) ? [path] : [];
    });
  }

  const physical =
    /(?<![\w-])(?:-?(?:ml|mr|pl|pr|left|right|border-l|border-r|rounded-l|rounded-r|rounded-[tb][lr]|scroll-m[lr]|scroll-p[lr])-[\w[\]./]+|text-(?:left|right)|float-(?:left|right)|clear-(?:left|right))(?![\w-])|(?:margin|padding|border)-(?:left|right)\s*:/g;

  it('uses logical utilities only (ms-/me-/ps-/pe-/start-/end-/text-start)', () => {
    const files = sources(srcDir);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(physical)].map((m) => `${file.slice(srcDir.length)}: ${m[0]}`),
    );
    expect(offenders).toEqual([]);
  });

  it('would catch a physical utility', () => {
    expect('className="ml-4 text-right"'.match(physical)).toEqual(['ml-4', 'text-right']);
    expect('className="ms-4 text-start inset-x-0"'.match(physical)).toBeNull();
  });
});
