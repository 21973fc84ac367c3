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
  // Two administrators: sign-in codes to one phone are spaced 30 s apart, and two files sign in as administrator.
  // The browsers send their own address through the loopback "proxy" (support/browser.ts): the per-address limits of
  // sign-in and registration then count each browser apart, as they would count real visitors.
  const product = await startProduct({ ADMIN_PHONES: '0547654321,0542222222', TRUST_PROXY: '127.0.0.1' });
  project.provide('baseUrl', product.url);
  project.provide('dataDir', product.dataDir);
  return () => product.stop();
}
