// Module boundaries, checked by `npm run lint` (docs/ARCHITECTURE.md, "Modules meet at their front doors"):
// a module imports another module only through its index.ts, platform/ imports no module, and the app's own
// files (app.module.ts, entities.ts, ...) use the front doors too. Tests (backend/test) may look inside.

const MODULES = '^backend/src/modules/';
const FRONT_DOOR = '^backend/src/modules/[^/]+/index\\.ts$';

/**
 * Known exceptions: deep imports kept on purpose, each `{ from, to }` an exact file pair, so any other deep import
 * from the same file still fails. Empty today: the order write path (ordering, payments, the invoicing and printing
 * processors) reaches other modules through their indexes too. Should merging the write-path rewrite bring a deep
 * import back, list it here with the reason, to be removed with the write-path change.
 */
const KNOWN_EXCEPTIONS = [];

const escape = (path) => `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
const excepted = new Map();
for (const { from, to } of KNOWN_EXCEPTIONS) excepted.set(from, [...(excepted.get(from) ?? []), escape(to)]);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-through-index',
      comment: "A module imports another module only through that module's index.ts (its front door).",
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/`, pathNot: [...excepted.keys()].map(escape) },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, FRONT_DOOR] },
    },
    // The files with known exceptions: every other deep import from them still fails.
    ...[...excepted].map(([from, targets]) => ({
      name: 'module-through-index',
      comment: 'A known exception (KNOWN_EXCEPTIONS) is allowed; any other deep import from this file is not.',
      severity: 'error',
      from: { path: escape(from) },
      to: { path: MODULES, pathNot: [`${MODULES}${from.split('/')[3]}/`, FRONT_DOOR, ...targets] },
    })),
    {
      name: 'app-through-index',
      comment: "The app's own files (app.module.ts, entities.ts) reach the modules through their front doors.",
      severity: 'error',
      from: { path: '^backend/src/[^/]+\\.ts$' },
      to: { path: MODULES, pathNot: FRONT_DOOR },
    },
    {
      name: 'platform-imports-no-module',
      comment: 'platform/ is below every module: a module registers what platform needs through a port.',
      severity: 'error',
      from: { path: '^backend/src/platform/' },
      to: { path: MODULES },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'backend/tsconfig.json' },
  },
};
