/** Cross-cutting suites (smoke, realtime, e2e) against the built server; jest in ESM mode. */
export default {
  rootDir: '.',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  // The wire contract from its source (no build needed); its own imports carry `.js` extensions.
  moduleNameMapper: {
    '^@gundem/contract$': '<rootDir>/../contract/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.json' }] },
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/load/'],
  // One migrated template database per run, cloned by freshDatabase() (test/realtime/cluster.ts).
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testTimeout: 120_000,
  // Two files at a time: each starts its own servers, databases and browser on free ports, and one
  // worker left half of the two cores idle (it mostly waits for Chromium and the servers).
  maxWorkers: 2,
};
