import { defineConfig } from 'vitest/config';

// Browser tests: the built product in Debian's Chromium, one server for the whole run (see e2e/support/global-setup).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: browser files run one after another.
    fileParallelism: false,
  },
});
