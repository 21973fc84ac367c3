import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { aliases } from './vite.config.js';

// The landing page's renderer (src/landing/server.tsx), run once by the build (scripts/prerender.mjs) to write the
// page's HTML into dist/landing.html. One self-contained ES module, React included in its production build, outside
// dist/: the server never loads it and nobody downloads it.
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  resolve: { alias: aliases },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: fileURLToPath(new URL('./src/landing/server.tsx', import.meta.url)),
    outDir: 'prerender',
    emptyOutDir: true,
    target: 'node24',
    minify: false,
    rolldownOptions: { output: { entryFileNames: 'landing.js', codeSplitting: false } },
  },
});
