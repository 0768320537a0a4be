/**
 * How many worker threads a multi-file `contract` starts (batch/pool.ts). Guards the default
 * for small sets: two threads for a few small files took twice the CPU of one, and longer
 * (each loads the bundle and runs cold), which every file-set test paid (issue 29, item 6).
 */
import os from 'node:os';
import { threadCount } from '../../src/cli/batch/pool.js';
import type { FileJob } from '../../src/cli/batch/job.js';

const jobs = (...kb: number[]): FileJob[] =>
  kb.map((n, k) => ({ file: `f${k}.c`, source: 'x'.repeat(n * 1024), options: {} }));
const cores = os.availableParallelism();

describe('threads for a file set', () => {
  it('a set of a few small files runs in this thread', () => {
    expect(threadCount(jobs(2, 1, 3, 1), undefined)).toBe(1);
    expect(threadCount(jobs(15), undefined)).toBe(1);
  });
  it('a larger set gets a thread per 16 KB, up to the cores and the files', () => {
    expect(threadCount(jobs(20, 24), undefined)).toBe(Math.min(cores, 2));
    expect(threadCount(jobs(40, 40, 40, 40, 40, 40), undefined)).toBe(Math.min(cores, 6));
    expect(threadCount(jobs(1000), undefined)).toBe(1);
  });
  it('--jobs is taken as given, up to the files', () => {
    expect(threadCount(jobs(1, 1), 2)).toBe(2);
    expect(threadCount(jobs(1, 1), 8)).toBe(2);
    expect(threadCount(jobs(1, 1), 1)).toBe(1);
  });
});
