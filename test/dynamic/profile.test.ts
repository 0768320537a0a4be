/**
 * `beeclak profile` and `contract --profiled` (pipeline/checking/profile.ts): regular kernels with
 * `while` loops (MachSuite style, test/fixtures/profile) that the static model refuses get
 * the mapping a hand fold confirms; the contracted text matches the original on the
 * profiled inputs and on others, and its BEECLAK_VERIFY build catches an input for which
 * the profiled mapping is wrong.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { profileSource, type ProfileResult } from '../../src/pipeline/checking/profile.js';
import { contractProfiled } from '../../src/pipeline/checking/profileContract.js';
import { analysisOptions } from '../helpers/analysisOptions.js';

const DIR = path.resolve('test/fixtures/profile');
const ANALYSIS = analysisOptions();
let tmp: string;
beforeAll(() => (tmp = mkdtempSync(path.join(os.tmpdir(), 'beeclak-profile-test-'))));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function build(text: string, name: string, flags: string[] = []): string {
  const src = path.join(tmp, `${name}.c`);
  writeFileSync(src, text);
  const exe = path.join(tmp, name);
  const r = spawnSync('cc', ['-w', ...flags, '-o', exe, src], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return exe;
}
const run = (exe: string, args: string[]) => spawnSync(exe, args, { encoding: 'utf8' });

async function profile(
  name: string,
  runs: string[][],
): Promise<{ source: string; result: ProfileResult }> {
  const file = path.join(DIR, name);
  const source = readFileSync(file, 'utf8');
  return { source, result: await profileSource(source, file, { runs, analysis: ANALYSIS }) };
}

describe('profile finds what a hand fold confirms', () => {
  it.each([
    // A four-word window of an aes-like key schedule: buf[k] reads buf[k-1] and buf[k-4].
    ['key_schedule.c', 'buf', [[]], 64, 4, [[1n]]],
    // Each value of tmp is read in the iteration that writes it: a scalar.
    ['while_scale.c', 'tmp', [[], ['9']], 64, 1, []],
    // A FIFO (bfs/queue style): each element leaves three iterations after it entered.
    ['fifo.c', 'queue', [['100']], 256, 4, [[1n]]],
    // Regular indirect indices (an index table filled at run time): a scalar.
    ['indirect.c', 't', [[]], 128, 1, []],
    // Read one back (lag 1): a scalar, for this input only.
    ['lag.c', 'h', [['1']], 32, 1, []],
  ])('%s: %s', async (name, array, runs, original, compressed, M) => {
    const { result } = await profile(name, runs as string[][]);
    const a = result.arrays.find((x) => x.name === array)!;
    expect([a.status, a.reason]).toEqual(['profiled', undefined]);
    expect(a.report!.originalCells).toBe(original);
    expect(a.report!.compressedCells).toBe(compressed);
    expect(a.decision!.mapping.M).toEqual(M);
    expect(a.staticReason).toMatch(/while loop|break|no saving/);
  });

  // Pointer walks (MachSuite style): the dereferences of a pointer that only walks the array
  // are traced accesses, cells from the address. The saving is reported, but a walk over a
  // folded array cannot be rewritten (p - t is no longer the cell), so it is not applied.
  it.each([
    // *w = f(w[-1], w[-2]): the write follows both reads, two words live.
    ['pointer_walk.c', 'buf', [['5']], 64, 2, 'w'],
    // *s++ fills a round of 16 bytes, t[k] (t = s, another walker) reads it back.
    ['pointer_stage.c', 'state', [[], ['9']], 160, 16, 's'],
  ])('%s: %s is profiled through its walkers, not applied', async (...c) => {
    const [name, array, runs, original, compressed, walker] = c;
    const { result } = await profile(name, runs as string[][]);
    const a = result.arrays.find((x) => x.name === array)!;
    expect([a.status, a.reason]).toEqual(['profiled', undefined]);
    expect([a.report!.originalCells, a.report!.compressedCells]).toEqual([original, compressed]);
    expect(a.staticReason).toContain('assigned to a pointer');
    expect(a.notApplied).toContain(`'${walker}'`);
  });

  // Guards macros: FIRST reads t[0] where the trace build cannot see it; profiling without
  // that read folded t to a scalar and clobbered t[0].
  it('an array named in a macro the body uses is not profiled', async () => {
    const { result } = await profile('macro.c', [[]]);
    const t = result.arrays.find((x) => x.name === 't')!;
    expect([t.status, t.reason]).toEqual([
      'not-profiled',
      expect.stringContaining("macro 'FIRST'"),
    ]);
  });

  // Guards the precedence of a proof: an array the static analysis contracts is reported as
  // such (it used to be left out of the report) and never gets a profiled mapping.
  it('an array the static analysis contracts is not profiled, and the report says why', async () => {
    const { result } = await profile('static_window.c', [['3']]);
    const buf = result.arrays.find((x) => x.name === 'buf')!;
    expect([buf.status, buf.staticReason]).toEqual(['not-profiled', 'contracted, 64 -> 4 cells']);
    expect(buf.reason).toContain('without --profiled');
    expect(result.outcome).toBeUndefined();
  });

  // Guards the schedule of the profiled model: a read in a while condition happens once per
  // iteration, but the trace's iteration vector cannot place it, so lifetimes would shrink.
  it('an access in a loop header is not profiled', async () => {
    const { result } = await profile('header.c', [[]]);
    const t = result.arrays.find((x) => x.name === 't')!;
    expect([t.status, t.reason]).toEqual(['not-profiled', expect.stringContaining('loop header')]);
  });
});

describe('contract --profiled', () => {
  it.each([
    ['key_schedule.c', ['3'], [[], ['3'], ['11'], ['250']]],
    ['while_scale.c', ['5'], [[], ['1'], ['5'], ['64']]],
    ['indirect.c', [], [[]]],
  ])(
    '%s: same output on the profiled and other inputs, VERIFY build clean',
    async (name, profiled, inputs) => {
      const file = path.join(DIR, name);
      const source = readFileSync(file, 'utf8');
      const { text } = await contractProfiled(source, file, ['buf', 'tmp', 't'], {
        runs: [profiled],
        analysis: ANALYSIS,
      });
      expect(text).toContain('PROFILED, NOT PROVED');
      const base = name.replace('.c', '');
      const orig = build(source, `${base}-orig`);
      const folded = build(text!, `${base}-folded`);
      const verify = build(text!, `${base}-verify`, ['-DBEECLAK_VERIFY']);
      for (const args of inputs) {
        const want = run(orig, args).stdout;
        expect(run(folded, args).stdout).toBe(want);
        const v = run(verify, args);
        expect([v.status, v.stdout]).toEqual([0, want]);
      }
    },
  );

  // Guards the soundness of --profiled over pointer walks: `*w++` over a folded array would
  // compute addresses past its end, so the profiled mapping is reported and not applied.
  it('pointer_walk.c: the walked array is left unchanged, and the report says why', async () => {
    const file = path.join(DIR, 'pointer_walk.c');
    const source = readFileSync(file, 'utf8');
    const { text, result } = await contractProfiled(source, file, ['buf'], {
      runs: [['5']],
      analysis: ANALYSIS,
    });
    expect(text).toBeUndefined();
    expect(result.arrays[0]!.notApplied).toContain('pointer arithmetic over a folded array');
  });

  // Guards the VERIFY build against indices with side effects (`queue[tail++]`): the owner
  // check evaluates an index twice, so it would compute another program; it is refused.
  it('fifo.c: same output on other inputs; no VERIFY build for side-effect indices', async () => {
    const file = path.join(DIR, 'fifo.c');
    const source = readFileSync(file, 'utf8');
    const { text } = await contractProfiled(source, file, ['queue'], {
      runs: [['100']],
      analysis: ANALYSIS,
    });
    const orig = build(source, 'fifo-orig');
    const folded = build(text!, 'fifo-folded');
    for (const args of [['100'], ['7'], ['256'], ['2']])
      expect(run(folded, args).stdout).toBe(run(orig, args).stdout);
    expect(text).toContain('#error "beeclak: no BEECLAK_VERIFY build: the index of queue[tail++]');
  });

  // Guards the point of BEECLAK_VERIFY: a profiled mapping is not proved for other inputs.
  it('lag.c: the VERIFY build catches the input (lag 3) the profile did not cover', async () => {
    const file = path.join(DIR, 'lag.c');
    const source = readFileSync(file, 'utf8');
    const { text } = await contractProfiled(source, file, ['h'], {
      runs: [['1']],
      analysis: ANALYSIS,
    });
    const verify = build(text!, 'lag-verify', ['-DBEECLAK_VERIFY']);
    expect(run(verify, ['1']).status).toBe(0);
    const bad = run(verify, ['3']);
    expect(bad.status).toBe(97);
    expect(bad.stderr).toContain('clobbered read of h[');
  });
});
