// One file for node: the CLI with socket.io-client, zod and the shared contracts inside, so a cafe needs nothing but
// Node.js. The contracts come from their TypeScript sources: the agent never needs the workspace to be built.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'rolldown';

const contracts = (file) => fileURLToPath(new URL(`../contracts/src/${file}.ts`, import.meta.url));

const shared = {
  platform: 'node',
  resolve: {
    alias: {
      '@tafrit/contracts/printing': contracts('printing'),
      '@tafrit/contracts/sockets': contracts('sockets'),
    },
    extensionAlias: { '.js': ['.ts', '.js'] },
  },
  // ws loads these native speed-ups only if installed; without them it uses plain JavaScript.
  external: ['bufferutil', 'utf-8-validate'],
};

export default defineConfig([
  {
    ...shared,
    input: 'src/bin.ts',
    output: { file: 'dist/tafrit-agent.mjs', format: 'esm', banner: '#!/usr/bin/env node', minify: false },
  },
  // The same agent as one CommonJS script, the form Node 24's single executable applications run
  // (scripts/build-executables.mjs, `npm run build:agent`).
  { ...shared, input: 'src/sea.ts', output: { file: 'dist/tafrit-agent-sea.cjs', format: 'cjs', minify: false } },
]);
