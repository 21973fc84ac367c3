// Jest on NestJS 12 (ESM only): SWC transforms TypeScript to ES modules and Node's VM modules run them.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        // The build's .swcrc excludes spec files; tests carry their own options.
        swcrc: false,
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2023',
        },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: {
    // The library's ES build imports its metadata JSON without an import attribute, which Jest warns about.
    '^libphonenumber-js/max$': '<rootDir>/../node_modules/libphonenumber-js/max/index.cjs',
    '^@tafrit/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^@tafrit/contracts/(.*)$': '<rootDir>/../contracts/src/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testTimeout: 30_000,
  // Two cores: one worker per core, and each test file brings its own database.
  maxWorkers: 2,
  // Each file's embedded database and its app stay partly in the worker's heap after the file; a worker that grew
  // past this is replaced between files rather than run out of memory in the middle of one (seen once, 210 files in).
  workerIdleMemoryLimit: '1536MB',
};
