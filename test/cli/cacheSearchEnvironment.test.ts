/**
 * Guards the result cache's key against the include search the environment sets (bug: CPATH
 * was in no key, and an entry listing ../dA/hook.h, unchanged, was served to a run with
 * CPATH=../dB, whose hook.h reads the buffer after the call: the kernel's buffer stayed
 * folded and the program printed after 0.000000 for after 4.750000).
 */
import path from 'node:path';
import { ResultCache } from '../../src/cli/batch/cache.js';
import type { FileJob } from '../../src/cli/batch/job.js';

const job: FileJob = { file: 'k.c', source: '#include "hook.h"\n', options: {} };

/** The key of `job` with `env` set (and every other search variable unset), from `cwd`. */
function keyWith(env: Record<string, string>, cwd = process.cwd()): string {
  const names = ['CPATH', 'C_INCLUDE_PATH', 'CPLUS_INCLUDE_PATH', 'GCC_EXEC_PREFIX'];
  const saved = names.map((n) => [n, process.env[n]] as const);
  const home = process.cwd();
  for (const n of names) delete process.env[n];
  Object.assign(process.env, env);
  process.chdir(cwd);
  try {
    return new ResultCache('/nonexistent', 'stamp').key(job);
  } finally {
    process.chdir(home);
    for (const [n, v] of saved) {
      if (v === undefined) delete process.env[n];
      else process.env[n] = v;
    }
  }
}

test.each([
  ['CPATH: another folder', { CPATH: '/tmp/dA' }, { CPATH: '/tmp/dB' }],
  ['CPATH set or not', {}, { CPATH: '/tmp/dB' }],
  ['C_INCLUDE_PATH', { C_INCLUDE_PATH: '/tmp/dA' }, { C_INCLUDE_PATH: '/tmp/dB' }],
  ['GCC_EXEC_PREFIX', {}, { GCC_EXEC_PREFIX: '/opt/gcc/' }],
])('%s: different keys', (_, a, b) => {
  expect(keyWith(a)).not.toBe(keyWith(b));
});

test('a relative CPATH reaches other folders from another folder: different keys', () => {
  const root = path.parse(process.cwd()).root;
  expect(keyWith({ CPATH: '../dA' })).not.toBe(keyWith({ CPATH: '../dA' }, root));
});

test('the same search: the same key', () => {
  expect(keyWith({ CPATH: '/tmp/dA' })).toBe(keyWith({ CPATH: '/tmp/dA' }));
});
