import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { FUNCTION_OWNERS, TABLE_OWNERS } from './table-owners.js';

// Table ownership (issue 30, item 1): the imports between modules are linted, but a module can still reach into
// another's data through SQL text. This reads every product file under src/modules/, takes its string and template
// literals (so comments never count), and finds the tables and functions its SQL names.
const SOURCE = resolve(import.meta.dirname, '../../src');
const MODULES = join(SOURCE, 'modules');
const MIGRATIONS = join(SOURCE, 'migrations');
const PLATFORM = join(SOURCE, 'platform');
// The only homes of the event log's tables: the event store and the processors' runner.
const EVENT_LOG_HOMES = ['event-store/', 'processing/'];
// The event log's tables; platform's other tables (the repeatable SQL's checksums) belong to the code that keeps them.
const EVENT_LOG = ['events', 'processor_checkpoints', 'parked_events', 'events_refuse_change()'];

// A table follows one of these keywords; a schema prefix (`ordering.orders`) is allowed for when tables move into
// schemas of their own.
const TABLE_AFTER_KEYWORD = /\b(?:from|join|into|update|table|truncate)\s+(?:only\s+)?(?:\w+\.)?(\w+)/gi;
const FUNCTION_CALL = /\b(\w+)\s*\(/g;

/** The text of each string and template literal in a TypeScript source, substitutions replaced by a placeholder. */
function literalsOf(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const texts: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      texts.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' $x '));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

/** The tables (and owned functions) a source's SQL names, by their registered names. */
function tablesNamedBy(fileName: string, source: string): string[] {
  const named = new Set<string>();
  for (const text of literalsOf(fileName, source)) {
    for (const [, name = ''] of text.matchAll(TABLE_AFTER_KEYWORD)) {
      const table = name.toLowerCase();
      if (Object.hasOwn(TABLE_OWNERS, table)) named.add(table);
    }
    for (const [, name = ''] of text.matchAll(FUNCTION_CALL)) {
      const fn = name.toLowerCase();
      if (Object.hasOwn(FUNCTION_OWNERS, fn)) named.add(`${fn}()`);
    }
  }
  return [...named].sort();
}

function ownerOf(named: string): string | undefined {
  return named.endsWith('()') ? FUNCTION_OWNERS[named.slice(0, -2)] : TABLE_OWNERS[named];
}

/** `file → table` for each table a module's file names that another owner owns. */
function crossingsIn(moduleName: string, fileName: string, source: string): string[] {
  return tablesNamedBy(fileName, source)
    .filter((named) => ownerOf(named) !== moduleName)
    .map((named) => `${fileName} → ${named}`);
}

function productFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.spec.ts'))
    .map((path) => join(directory, path));
}

function actualCrossings(): string[] {
  const crossings: string[] = [];
  for (const moduleName of readdirSync(MODULES)) {
    for (const path of productFiles(join(MODULES, moduleName))) {
      crossings.push(...crossingsIn(moduleName, relative(MODULES, path), readFileSync(path, 'utf8')));
    }
  }
  return crossings.sort();
}

/** Platform files that name a module's table, or the event log's tables outside their homes. */
function platformCrossings(): string[] {
  return productFiles(PLATFORM).flatMap((path) => {
    const fileName = relative(PLATFORM, path);
    const home = EVENT_LOG_HOMES.some((folder) => fileName.startsWith(folder));
    return tablesNamedBy(fileName, readFileSync(path, 'utf8'))
      .filter((named) => ownerOf(named) !== 'platform' || (EVENT_LOG.includes(named) && !home))
      .map((named) => `platform/${fileName} → ${named}`);
  });
}

function createdByMigrations(): string[] {
  const created = new Set<string>();
  for (const path of productFiles(MIGRATIONS)) {
    const text = readFileSync(path, 'utf8');
    for (const [, name = ''] of text.matchAll(
      /\bcreate\s+(?:table|sequence)\s+(?:if\s+not\s+exists\s+)?(?!if\b)(\w+)/gi,
    )) {
      created.add(name.toLowerCase());
    }
  }
  return [...created].sort();
}

describe('table ownership', () => {
  it('gives every table a migration creates exactly one owner, and lists no table that none creates', () => {
    const created = createdByMigrations();
    expect(created.length).toBeGreaterThan(30);
    expect(created.filter((table) => !Object.hasOwn(TABLE_OWNERS, table))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((table) => !created.includes(table))).toEqual([]);
  });

  it('finds no module SQL naming a table another owns', () => {
    expect(actualCrossings()).toEqual([]);
  });

  it('finds the event log named only by the event store and the processors’ runner in platform', () => {
    expect(platformCrossings()).toEqual([]);
  });

  it('catches menu code selecting from ordering’s orders or calling its sequence, and the event log', () => {
    const menuCode = `
      export const CHECKOUT = \`select o.id, o.total_agorot from orders o where o.business_id = $1\`;
      export const NUMBER = 'select next_order_number($1) as n';
      export const HISTORY = "select data from events where type = 'OrderPaid'";
      export const JOINED = \`select p.id from products p join ordering.orders x on x.id = \${id}\`;
    `;
    expect(crossingsIn('menu', 'menu/application/fixture.ts', menuCode)).toEqual([
      'menu/application/fixture.ts → events',
      'menu/application/fixture.ts → next_order_number()',
      'menu/application/fixture.ts → orders',
    ]);
    expect(crossingsIn('ordering', 'ordering/application/fixture.ts', menuCode)).toEqual([
      'ordering/application/fixture.ts → events',
      'ordering/application/fixture.ts → products',
    ]);
  });

  it('does not count a table’s name in a comment or an English message', () => {
    const code = `
      // Reads from orders through ordering's reader, never select * from orders here.
      /* update orders set x = 1 */
      export const MESSAGE = 'No orders yet: the first orders appear here';
      export const TABLE = { tableName: 'orders' };
    `;
    expect(tablesNamedBy('menu/application/fixture.ts', code)).toEqual([]);
  });
});
