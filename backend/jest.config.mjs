/**
 * Nest 12 packages are ESM-only, so jest runs in ESM mode
 * (`node --experimental-vm-modules`, see shared TOOLCHAIN notes) with ts-jest's ESM transform.
 */
export default {
  rootDir: '.',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  // The wire contract from its source (no build needed); its own imports carry `.js` extensions.
  moduleNameMapper: {
    '^@gundem/contract$': '<rootDir>/../contract/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.jest.json' }] },
  // test/app/: whole-app specs that import several features (kept out of common/ and database/).
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.e2e-spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 60_000,
  maxWorkers: 2,
};
