import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { aliases } from './vite.config.js';

// The diner menu's server renderer (src/diner/server.tsx) for the backend, which renders /menu/{id} with it
// (backend/src/modules/diner). One self-contained ES module in dist/ssr/: React included, in its production build,
// so the server needs nothing of the front end's dependencies and never runs React's development build.
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  resolve: { alias: aliases },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: fileURLToPath(new URL('./src/diner/server.tsx', import.meta.url)),
    outDir: 'dist/ssr',
    emptyOutDir: true,
    target: 'node24',
    minify: true,
    rolldownOptions: { output: { entryFileNames: 'diner.js', codeSplitting: false } },
  },
});
