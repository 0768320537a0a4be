/** Jest runs the TypeScript sources directly (ts-jest, ESM). */
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json', diagnostics: { ignoreCodes: [151001] } }],
  },
  testTimeout: 60000,
  // One cache per checkout: a cache shared in the system's temporary folder was once poisoned
  // by another checkout's half-merged package.json (every suite then failed to load).
  cacheDirectory: '<rootDir>/node_modules/.cache/jest',
  setupFiles: ['<rootDir>/test/setup.ts'],
};
