import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

// The boundary rule that `npm run lint` runs (.dependency-cruiser.cjs), run the same way on a small tree of files
// with one of each kind of import: it must fail on the deep ones, or a new deep import would pass CI unseen.
const REPOSITORY = resolve(import.meta.dirname, '../../..');
const CONFIG = join(REPOSITORY, '.dependency-cruiser.cjs');
const DEPCRUISE = join(REPOSITORY, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

const TREE: Record<string, string> = {
  'backend/tsconfig.json': '{ "compilerOptions": { "module": "nodenext", "moduleResolution": "nodenext" } }',
  'backend/src/modules/menu/index.ts': "export { MenuReader } from './persistence/menu.reader.js';\n",
  'backend/src/modules/menu/persistence/menu.reader.ts': 'export class MenuReader {}\n',
  'backend/src/modules/menu/persistence/product.entity.ts': 'export const ProductEntity = {};\n',
  'backend/src/modules/demo/through-front-door.ts': "export { MenuReader } from '../menu/index.js';\n",
  'backend/src/modules/demo/deep.ts': "export { ProductEntity } from '../menu/persistence/product.entity.js';\n",
  'backend/src/platform/database/registry.ts': "export { MenuReader } from '../../modules/menu/index.js';\n",
  'backend/src/app.module.ts': "export { ProductEntity } from './modules/menu/persistence/product.entity.js';\n",
};

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'tafrit-boundaries-'));
  for (const [path, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function violations(): Promise<string[]> {
  const run = promisify(execFile);
  const args = [DEPCRUISE, 'backend/src', '--config', CONFIG, '--output-type', 'json'];
  // Exit code 1 means "violations found": the JSON report is on stdout either way.
  const { stdout } = await run(process.execPath, args, { cwd: root }).catch(
    (error: { code?: number; stdout?: string }) => {
      if (error.code === 1 && error.stdout) return { stdout: error.stdout };
      throw error;
    },
  );
  const report = JSON.parse(stdout) as { summary: { violations: Violation[] } };
  return report.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`).sort();
}

describe('the module boundary rule', () => {
  it('refuses a deep import into another module, a module imported by platform, and a deep import by the app', async () => {
    expect(await violations()).toEqual([
      'app-through-index: backend/src/app.module.ts -> backend/src/modules/menu/persistence/product.entity.ts',
      'module-through-index: backend/src/modules/demo/deep.ts -> backend/src/modules/menu/persistence/product.entity.ts',
      'platform-imports-no-module: backend/src/platform/database/registry.ts -> backend/src/modules/menu/index.ts',
    ]);
  });
});
