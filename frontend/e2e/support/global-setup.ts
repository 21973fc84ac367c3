import type { TestProject } from 'vitest/node';
import { startProduct } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/** One running product for every browser test file: starting PGlite and seeding the demo café costs seconds. */
export default async function setup(project: TestProject) {
  const product = await startProduct();
  project.provide('baseUrl', product.url);
  project.provide('dataDir', product.dataDir);
  return () => product.stop();
}
