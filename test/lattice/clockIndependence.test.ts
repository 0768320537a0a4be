/**
 * Guards beeclak's output against the machine's load: a search budget read from the clock
 * (a wall-time deadline) gives a loaded machine less search, so a pre-commit hook or CI at
 * load 16 printed other mappings than an idle machine. Here every clock read lies 10 s
 * after the previous one, as if each step of the analysis took 10 s: a deadline anywhere in
 * the decision would run out at once, and samples/reg_detect.c's diff, whose best mapping
 * needs a search budget between 100 and 200 (`--budget 1` gives another), would change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contract } from '../../src/index.js';
import { ROOT } from '../helpers/cli.js';

const FILE = 'samples/reg_detect.c';
const source = fs.readFileSync(path.join(ROOT, FILE), 'utf8');

/** Runs `f` with Date.now and performance.now jumping `stepMs` at every read. */
async function withSlowClock<T>(stepMs: number, f: () => Promise<T>): Promise<T> {
  const dateNow = Date.now;
  const perfNow = performance.now;
  let t = dateNow();
  let p = perfNow.call(performance);
  Date.now = () => (t += stepMs);
  performance.now = () => (p += stepMs);
  try {
    return await f();
  } finally {
    Date.now = dateNow;
    performance.now = perfNow;
  }
}

const run = async (budgetMs?: number) => {
  const r = await contract(source, { file: FILE, ...(budgetMs ? { budgetMs } : {}) });
  return { code: r.code, arrays: r.report.arrays };
};

test('the same output whatever the clock says (reg_detect, default budget)', async () => {
  const idle = await run();
  const slowed = await withSlowClock(10_000, () => run());
  expect(slowed).toEqual(idle);
  // The test can see a budget that runs out: a tiny one gives another mapping for diff.
  const starved = await run(1);
  expect(starved.code).not.toBe(idle.code);
});
