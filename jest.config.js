/** Jest runs the TypeScript sources directly, as ES modules (types stripped by esbuild). */

/**
 * The long suites: campaigns and repeated option sets, which would take `npm test` past its
 * 3 minutes on 2 cores (issue 29, item 6). `npm run test:long` runs them (BEECLAK_TESTS=long);
 * CI runs both (.ci/run).
 */
const LONG_SUITES = [
  '/test/fuzz/campaign\\.test\\.ts$',
  '/test/adversarial/cNames\\.test\\.ts$',
  '/test/decision/sameReportsVariants\\.test\\.ts$',
];

export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(process.env.BEECLAK_TESTS === 'long' ? [] : LONG_SUITES),
  ],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': '<rootDir>/test/esbuildTransform.js' },
  testTimeout: 60000,
  // Jest's default is one worker fewer than the cores: on the 2-core CI machine that is one,
  // and Jest then runs the suites in band, one after the other, with the second core idle
  // whenever a suite is not itself running compilers or the CLI in parallel (issue 17). The
  // suites share only the cc cache and the CLI's code cache, both published by atomic
  // rename, so one worker per core.
  maxWorkers: '100%',
  testSequencer: '<rootDir>/test/heavyFirst.js',
  // One cache per checkout: a cache shared in the system's temporary folder was once poisoned
  // by another checkout's half-merged package.json (every suite then failed to load).
  cacheDirectory: '<rootDir>/node_modules/.cache/jest',
  setupFiles: ['<rootDir>/test/setup.ts'],
  // After the summary, what to install for the suites skipped for want of a tool
  // (test/helpers/optionalTool.ts).
  reporters: ['default', '<rootDir>/test/toolNotice.js'],
};
