import { defineConfig } from 'vitest/config';

// Browser tests: the built product in Debian's Chromium, one server for the whole run (see e2e/support/global-setup).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    // A sign-in may wait up to 30 s for the product to send another code to a phone an earlier file signed in with.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // A poll waits for its condition itself; the default bound (one second) is a guess at the machine's speed that a
    // busy 2-core machine misses (a page drawn before its code takes seconds to be taken over): 30 s is the bound.
    expect: { poll: { timeout: 30_000 } },
    // Two cores: browser files run one after another.
    fileParallelism: false,
  },
});
