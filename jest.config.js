/** Jest runs the TypeScript sources directly, as ES modules (types stripped by esbuild). */

/**
 * The long suites, named `*.long.test.ts`: campaigns, sweeps over option sets and over every
 * program of a folder with a second oracle, which would take `npm test` past its 3 minutes on
 * 2 cores (issue 29, item 6). `npm test` leaves them out; `npm run test:long`
 * (BEECLAK_TESTS=long) runs them and only them; CI runs both (.ci/run). A suite becomes long by
 * its name alone, so that no list needs editing (nor merging).
 */
const LONG = process.env.BEECLAK_TESTS === 'long';

export default {
  // Node's, with an end for the workers that Jest does not have to force (environment.js).
  testEnvironment: '<rootDir>/test/environment.js',
  // The modules of src/ loaded once per worker, shared by its suites (test/runtime.cjs): a full
  // run on a fresh clone took 7 % less CPU in the suites' own processes (243 s instead of 262 s,
  // both runs side by side under load 17-25, 2026-11-29).
  runtime: '<rootDir>/test/runtime.cjs',
  roots: ['<rootDir>/test'],
  testMatch: [LONG ? '**/*.long.test.ts' : '**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...(LONG ? [] : ['\\.long\\.test\\.ts$'])],
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
  // A worker is replaced once its heap passes this after a suite. Every suite's ES modules stay
  // alive to the end of their process (Node's vm.SourceTextModule is never collected,
  // nodejs/node#59118: a heap snapshot after 6 suites held 7 contexts, each retained through
  // the global handles of its modules' ModuleWrap): a worker grew about 7 MB per suite, to
  // 0.6-0.7 GB after some 90. Replaced at 400 MB (3 new workers in a full run, each loading
  // Jest and the CLI thread again, ~1 s of CPU), a full run under load 15 spent 77 s instead
  // of 88 s in GC pauses (major GCs 5.1 s instead of 7.4 s), and its largest process was
  // 0.69 GB instead of 1.0 GB.
  workerIdleMemoryLimit: '400MB',
  testSequencer: '<rootDir>/test/heavyFirst.js',
  // One cache per checkout: a cache shared in the system's temporary folder was once poisoned
  // by another checkout's half-merged package.json (every suite then failed to load).
  cacheDirectory: '<rootDir>/node_modules/.cache/jest',
  setupFiles: ['<rootDir>/test/setup.ts'],
  // After the summary, what to install for the suites skipped for want of a tool
  // (test/helpers/optionalTool.ts).
  reporters: ['default', '<rootDir>/test/toolNotice.js'],
};
