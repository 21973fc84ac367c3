// One file for node: the CLI with socket.io-client, zod and the shared contracts inside, so a cafe needs nothing but
// Node.js. The contracts come from their TypeScript sources: the agent never needs the workspace to be built.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'rolldown';

const contracts = (file) => fileURLToPath(new URL(`../contracts/src/${file}.ts`, import.meta.url));

export default defineConfig({
  input: 'src/cli.ts',
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
  output: {
    file: 'dist/tafrit-agent.mjs',
    format: 'esm',
    banner: '#!/usr/bin/env node',
    minify: false,
  },
});
