import { PERMISSIONS, ROLES, type Permission, type Role } from '@tafrit/contracts';

/** The permission table of a markdown document: for each role (a column), the permissions (rows) it ticks. */
export interface ParsedTable {
  /** The header's role columns, in order. */
  roles: string[];
  /** Each row's permission, in order, with the roles whose cell is ticked. */
  rows: { permission: string; ticked: string[] }[];
}

const cellsOf = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

/**
 * The first table under the heading `heading` (a `## ` line) whose header starts with `permission`. A cell counts as
 * ticked when it holds ✓; an empty cell is not; anything else is an error, so a typo cannot pass for "no".
 */
export function parsePermissionTable(markdown: string, heading: string): ParsedTable {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start < 0) throw new Error(`no section "## ${heading}"`);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  const section = lines.slice(start + 1, end < 0 ? undefined : end);
  const headerAt = section.findIndex((line) => line.trim().startsWith('|') && cellsOf(line)[0] === 'permission');
  if (headerAt < 0) throw new Error(`no permission table under "## ${heading}"`);
  const roles = cellsOf(section[headerAt] ?? '').slice(1);
  const rows: ParsedTable['rows'] = [];
  // The line after the header is the |---| separator; the table ends at its first line that is not a row.
  for (const line of section.slice(headerAt + 2)) {
    if (!line.trim().startsWith('|')) break;
    const [permission = '', ...cells] = cellsOf(line);
    if (cells.length !== roles.length) throw new Error(`the row of ${permission} has ${cells.length} cells`);
    const ticked: string[] = [];
    cells.forEach((cell, index) => {
      if (cell === '✓') ticked.push(roles[index] ?? '');
      else if (cell !== '') throw new Error(`the cell ${permission} × ${roles[index]} says "${cell}"`);
    });
    rows.push({ permission, ticked });
  }
  return { roles, rows };
}

/**
 * Where a parsed table and the matrix disagree, one sentence per difference; empty when they are the same: the same
 * roles, every permission once, and each cell ticked exactly when the role has the permission.
 */
export function tableDifferences(table: ParsedTable, matrix: Readonly<Record<Role, readonly Permission[]>>): string[] {
  const differences: string[] = [];
  const roles = ROLES as readonly string[];
  if (JSON.stringify(table.roles) !== JSON.stringify(roles)) {
    differences.push(`the columns are ${table.roles.join(', ')}, not ${roles.join(', ')}`);
  }
  const listed = table.rows.map((row) => row.permission);
  for (const permission of PERMISSIONS) {
    const count = listed.filter((name) => name === permission).length;
    if (count !== 1) differences.push(`${permission} is listed ${count} times`);
  }
  for (const name of listed) {
    if (!(PERMISSIONS as readonly string[]).includes(name)) differences.push(`${name} is no permission`);
  }
  for (const row of table.rows) {
    // An unknown name is reported above; its cells have nothing to be compared with.
    if (!(PERMISSIONS as readonly string[]).includes(row.permission)) continue;
    for (const role of ROLES) {
      const inTable = row.ticked.includes(role);
      const inMatrix = (matrix[role] as readonly string[]).includes(row.permission);
      if (inTable !== inMatrix) {
        differences.push(`${row.permission} × ${role}: the table says ${inTable ? '✓' : 'no'}, the matrix the other`);
      }
    }
  }
  return differences;
}
