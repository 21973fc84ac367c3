import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ROLE_PERMISSIONS } from '@tafrit/contracts';
import { parsePermissionTable, tableDifferences } from './permission-table.js';

// The role matrix lives once, in the contracts; ARCHITECTURE.md shows it to people. This keeps the two equal.
const HEADING = 'Who may do what';
const architecture = readFileSync(resolve(import.meta.dirname, '../../../docs/ARCHITECTURE.md'), 'utf8');

/** The document with one line of its permission table replaced (other tables of the document have such rows too). */
function withRow(permission: string, replacement: string): string {
  const start = architecture.indexOf(`## ${HEADING}`);
  const row = new RegExp(`^\\| ${permission.replaceAll('.', '\\.')} \\|.*$`, 'm');
  const section = architecture.slice(start);
  if (start < 0 || !row.test(section)) throw new Error(`no row for ${permission}`);
  return architecture.slice(0, start) + section.replace(row, replacement);
}

describe("the documentation's table of who may do what", () => {
  it('equals ROLE_PERMISSIONS, cell by cell', () => {
    const table = parsePermissionTable(architecture, HEADING);
    expect(table.rows.length).toBeGreaterThan(10);
    expect(tableDifferences(table, ROLE_PERMISSIONS)).toEqual([]);
  });

  it('is told apart from the matrix when one cell changes', () => {
    // The kitchen given refunds in the document only.
    const changed = withRow('refunds', '| refunds | ✓ | ✓ | ✓ | |');
    expect(tableDifferences(parsePermissionTable(changed, HEADING), ROLE_PERMISSIONS)).toEqual([
      'refunds × kitchen: the table says ✓, the matrix the other',
    ]);
    // The accountant's reports taken away in the document only.
    const taken = withRow('reports.read', '| reports.read | ✓ | ✓ | | |');
    expect(tableDifferences(parsePermissionTable(taken, HEADING), ROLE_PERMISSIONS)).toEqual([
      'reports.read × accountant: the table says no, the matrix the other',
    ]);
  });

  it('is told apart when the matrix changes and the document does not', () => {
    const matrix = { ...ROLE_PERMISSIONS, accountant: [...ROLE_PERMISSIONS.accountant, 'menu.read' as const] };
    expect(tableDifferences(parsePermissionTable(architecture, HEADING), matrix)).toEqual([
      'menu.read × accountant: the table says no, the matrix the other',
    ]);
  });

  it('misses a permission without a row, and an unknown or misspelt one', () => {
    const missing = withRow('screens.pair', '').replace(/\n\n(?=\| self \|)/, '\n');
    expect(tableDifferences(parsePermissionTable(missing, HEADING), ROLE_PERMISSIONS)).toEqual([
      'screens.pair is listed 0 times',
    ]);
    const misspelt = withRow('screens.pair', '| screen.pair | ✓ | ✓ | | |');
    expect(tableDifferences(parsePermissionTable(misspelt, HEADING), ROLE_PERMISSIONS)).toEqual([
      'screens.pair is listed 0 times',
      'screen.pair is no permission',
    ]);
  });

  it('refuses a cell that is neither ✓ nor empty', () => {
    const typo = withRow('self', '| self | ✓ | ✓ | ✓ | x |');
    expect(() => parsePermissionTable(typo, HEADING)).toThrow('the cell self × accountant says "x"');
  });
});
