// Guards the bundle budget (DESIGN.md §8): the diner's page imports money and months by subpath, so those modules
// must not drag in libphonenumber's metadata or zod. Reads the sources' import lines; no build needed.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

const modules = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
  .map((file) => file.split('\\').join('/'))
  .sort();

function importsOf(file: string): string[] {
  const text = readFileSync(join(srcDir, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1] ?? '');
}

/** Every package reached from a module, following relative imports. */
function packagesReachedFrom(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith('.')) {
        visit(
          relative(srcDir, resolve(srcDir, dirname(file), specifier.replace(/\.js$/, '.ts')))
            .split('\\')
            .join('/'),
        );
      } else packages.add(specifier);
    }
  };
  visit(entry);
  return packages;
}

describe('module boundaries', () => {
  it('finds the modules', () => {
    expect(modules).toContain('money.ts');
    expect(modules).toContain('israel/phone.ts');
  });

  it('money needs no package at all', () => {
    expect([...packagesReachedFrom('money.ts')]).toEqual([]);
  });

  it('months needs only the date-fns time-zone add-on', () => {
    expect([...packagesReachedFrom('months.ts')].sort()).toEqual(['@date-fns/tz']);
  });

  it('the checkout’s invoice-for rules need no package: the diner checks a buyer without zod (issue 32)', () => {
    expect([...packagesReachedFrom('invoice-for.ts')]).toEqual([]);
  });

  it('only israel/phone.ts, the request schemas that take a phone and the index reach libphonenumber-js', () => {
    const reaching = modules.filter((file) =>
      [...packagesReachedFrom(file)].some((name) => name.startsWith('libphonenumber-js')),
    );
    // Forms that take a phone (registration, sign-in, the checkout's ready SMS number) are validated with the metadata
    // on the server; the diner's page imports none of them (only ordering-types' types), nor does the owner's refund
    // form (its limits are in order-limits.ts).
    expect(reaching).toEqual([
      'http/accounts.schemas.ts',
      'http/ordering.schemas.ts',
      'http/sign-in.schemas.ts',
      'http/team.schemas.ts',
      'index.ts',
      'israel/phone.ts',
    ]);
  });

  it('every relative import names a .js file, as nodenext ESM requires', () => {
    for (const file of modules) {
      for (const specifier of importsOf(file).filter((name) => name.startsWith('.'))) {
        expect(specifier, `${file} imports ${specifier}`).toMatch(/\.js$/);
      }
    }
  });

  it('the index re-exports every module', () => {
    const exported = importsOf('index.ts').map((specifier) => specifier.replace(/^\.\//, '').replace(/\.js$/, '.ts'));
    expect(exported.sort()).toEqual(modules.filter((file) => file !== 'index.ts'));
  });
});
