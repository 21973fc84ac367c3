// Regenerates agent/docs/sample-slip.png from SAMPLE_SLIP_CONTENT; the slip test compares against it dot for dot.
// Run: node backend/scripts/render-sample-slip.mjs (Node 24; @tafrit/contracts built with npm run build -w contracts).
// It loads the TypeScript sources directly (Node strips the types), so no backend build is needed.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

// Sources import './x.js' as the compiled output will; point those at the .ts file beside them.
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
      const ts = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
      if (existsSync(ts)) return nextResolve(ts.href, context);
    }
    return nextResolve(specifier, context);
  },
});

const slip = new URL('../src/modules/printing/slip/', import.meta.url);
const { SAMPLE_SLIP_CONTENT } = await import(new URL('sample-slip.ts', slip).href);
const { renderSlip, slipToPng } = await import(new URL('render-slip.ts', slip).href);

const started = performance.now();
const bitmap = await renderSlip(SAMPLE_SLIP_CONTENT, { widthDots: 576 });
const target = fileURLToPath(new URL('../../agent/docs/sample-slip.png', import.meta.url));
await writeFile(target, await slipToPng(bitmap));
console.log(`${target}: ${bitmap.width}x${bitmap.height} in ${Math.round(performance.now() - started)} ms`);
