import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main, runCampaign, runPreset, summaryLine } from '../../scripts/fuzz/campaign.js';
import { contractOracle } from '../../scripts/fuzz/contractOracle.js';
import type { Oracle } from '../../scripts/fuzz/oracle.js';
import { QUICK_PRESET } from '../../scripts/fuzz/presets.js';
import { generateKernel } from '../../scripts/fuzz/generate.js';

const accumulatesIntoTemp = /^\s*t\d\[.*\] \+= /m;

describe('fuzz campaign', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'beeclak-fuzz-test-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the stub oracle over consecutive seeds and reports a clean summary', async () => {
    const lines: string[] = [];
    const s = await runCampaign({
      seed: 40,
      count: 4,
      jobs: 2,
      outDir: dir,
      log: (l) => lines.push(l),
    });
    expect(s).toMatchObject({ programs: 4, mismatches: 0, crashes: 0, contractedArrays: 0 });
    expect(summaryLine(s)).toBe('fuzz: 4 programs, 0 contracted arrays, 0 mismatches, 0 crashes');
    expect(lines[lines.length - 1]).toBe('fuzz: 4/4 programs, 0 mismatches, 0 crashes');
    expect(existsSync(join(dir, 'seed-40'))).toBe(false);
  });

  it('saves, counts and reduces the failures an oracle reports', async () => {
    // A fake oracle: "mismatch" on any accumulation into a temporary, 1 contracted array per program.
    const oracle: Oracle = async (k) => ({
      status: accumulatesIntoTemp.test(k.source) ? 'mismatch' : 'pass',
      contractedArrays: 1,
      detail: 'synthetic',
      output: 'checksum 1\n',
    });
    const lines: string[] = [];
    const s = await runCampaign({
      seed: 0,
      count: 6,
      jobs: 2,
      oracle,
      outDir: dir,
      checkCandidates: false,
      log: (l) => lines.push(l),
    });
    // Regression: the final progress line was printed twice when a reduction finished last.
    expect(lines.filter((l) => l.startsWith('fuzz: 6/6 programs')).length).toBe(1);
    expect(s.programs).toBe(6);
    expect(s.contractedArrays).toBe(6);
    expect(s.mismatches).toBeGreaterThan(0);
    expect(s.failures.length).toBe(s.mismatches);
    for (const f of s.failures) {
      const d = join(dir, `seed-${f.seed}`);
      expect(readFileSync(join(d, 'program.c'), 'utf8')).toMatch(accumulatesIntoTemp);
      expect(JSON.parse(readFileSync(join(d, 'info.json'), 'utf8'))).toMatchObject({
        seed: f.seed,
        status: 'mismatch',
      });
      expect(readFileSync(join(d, 'output.txt'), 'utf8')).toBe('checksum 1\n');
      const reduced = readFileSync(join(d, 'reduced.c'), 'utf8');
      expect(reduced).toMatch(accumulatesIntoTemp);
      expect(reduced.length).toBeLessThan(readFileSync(join(d, 'program.c'), 'utf8').length);
    }
  });

  it('counts an oracle that throws as a crash', async () => {
    const oracle: Oracle = async () => {
      throw new Error('boom');
    };
    const s = await runCampaign({
      seed: 7,
      count: 1,
      oracle,
      outDir: dir,
      reduce: false,
      log: () => {},
    });
    expect(s).toMatchObject({ programs: 1, crashes: 1, mismatches: 0 });
    expect(s.failures[0].detail).toContain('boom');
  });

  it('runs every row of a preset, saving failures per row, and sums them up', async () => {
    const lines: string[] = [];
    const oracle: Oracle = async (k) => ({
      status: k.program.calls ? 'mismatch' : 'pass',
      contractedArrays: 1,
      contracted: ['t0'],
    });
    const rows = [
      { name: 'plain', seed: 3, count: 2, args: [] },
      { name: 'whole', seed: 3, count: 2, generate: { calls: { calls: 1 } }, args: [] },
    ];
    const io = { log: (l: string) => void lines.push(l), error: () => {} };
    expect(await runPreset(rows, { jobs: 1, out: dir, reduce: false, oracle }, io)).toBe(1);
    expect(lines).toContain('fuzz: row 1: whole (seed 3, 2 programs)');
    expect(existsSync(join(dir, 'row-1', 'seed-3', 'program.c'))).toBe(true);
    expect(existsSync(join(dir, 'row-0', 'seed-3'))).toBe(false);
    expect(lines[lines.length - 1]).toBe(
      'fuzz: preset total: 4 programs, 4 contracted arrays, 2 mismatches, 0 crashes',
    );
  });

  it('command line: exit 1 and the summary line when a plugged-in oracle reports crashes; 2 on bad usage', async () => {
    const mod = join(dir, 'oracle.mjs');
    writeFileSync(
      mod,
      "export const oracle = async () => ({ status: 'crash', contractedArrays: 2, detail: 'always' });\n",
    );
    const logs: string[] = [];
    const errors: string[] = [];
    const io = { log: (l: string) => void logs.push(l), error: (l: string) => void errors.push(l) };
    const code = await main(
      [
        '--seed',
        '5',
        '--count',
        '2',
        '--jobs',
        '1',
        '--oracle',
        mod,
        '--out',
        join(dir, 'f'),
        '--no-reduce',
      ],
      io,
    );
    expect(code).toBe(1);
    expect(logs[logs.length - 1]).toBe(
      'fuzz: 2 programs, 4 contracted arrays, 0 mismatches, 2 crashes',
    );
    expect(existsSync(join(dir, 'f', 'seed-5', 'program.c'))).toBe(true);
    expect(await main(['--count', 'many'], io)).toBe(2);
    expect(errors.join('\n')).toContain('count must be a non-negative integer');
    expect(await main(['--preset', 'nope'], io)).toBe(2);
    expect(errors.join('\n')).toContain("no preset 'nope' (quick, nightly, crosscall)");
  });
});

/**
 * The real thing, fixed seeds: every program contracted by bin/beeclak.js (through
 * `beeclak check --keep`, one process per program), compiled and run with sanitizers
 * against the original, each mapping checked against the exact dynamic conflict set and
 * maxLive of the run, and the owner check of `check`. Each row of QUICK_PRESET starts at a
 * seed that found a known class of bugs (scripts/fuzz/presets.ts); the long campaigns are
 * `npm run fuzz:nightly` (NIGHTLY_PRESET, docs/soundness-and-testing.md, "Fuzzing").
 */
describe('fuzz campaign against the real beeclak', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'beeclak-fuzz-real-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(QUICK_PRESET.map((row) => [row.name, row] as const))(
    '%s: 0 mismatches, 0 crashes',
    async (_name, row) => {
      const s = await runCampaign({
        seed: row.seed,
        count: row.count,
        jobs: 2,
        generate: row.generate,
        // The oracle checks mappings against the value-based dynamic DS of the run.
        oracle: contractOracle({ viaCheck: true, contractArgs: row.args }),
        outDir: dir,
        reduce: false,
        log: () => {},
      });
      expect(s.failures.map((f) => `seed ${f.seed}: ${f.status}: ${f.detail}`)).toEqual([]);
      expect(s).toMatchObject({ programs: row.count, mismatches: 0, crashes: 0 });
      // A campaign that contracts nothing checks no mapping. The typedef row's arrays are
      // refused when typedef names are not read as the types they name.
      if (row === QUICK_PRESET[0] || row.generate?.forms?.typedefs)
        expect(s.contractedArrays).toBeGreaterThan(0);
      // Whole programs: the forms row has both verdicts; the other contracts a scratch
      // parameter where no value crosses a call.
      if (row.generate?.calls && row.count === 4)
        expect(s.wholePrograms).toMatchObject({ clean: 1, crosses: 3 });
      if (row.generate?.calls && row.count === 1)
        expect(s.wholePrograms).toMatchObject({ clean: 1, cleanContracted: 1 });
    },
    240000,
  );
});

describe('the quick whole-program row', () => {
  it('writes every family of forms of calls.ts, with both verdicts', () => {
    // A generator that stopped writing a form would leave the in-suite campaign blind to it.
    const row = QUICK_PRESET.find((r) => r.generate?.calls && r.count === 4)!;
    const seen = new Set(
      Array.from(
        { length: row.count },
        (_, k) => generateKernel(row.seed + k, row.generate).features,
      ).flat(),
    );
    const families = [
      ...['alias', 'kept', 'nested', 'loop', 'prelude', 'extent', 'recursion', 'unity'],
      ...['clean', 'crosses', 'buffer-array', 'buffer-vla', 'buffer-malloc', 'buffer-calloc'],
    ];
    expect(families.filter((f) => ![...seen].some((x) => x.startsWith(`call-${f}`)))).toEqual([]);
  });
});

describe('show', () => {
  it('prints the program of a seed, its instrumented variant, or its description', async () => {
    const { show } = await import('../../scripts/fuzz/show.js');
    const { generateKernel } = await import('../../scripts/fuzz/generate.js');
    expect(show(['9'])).toEqual({ code: 0, text: generateKernel(9).source });
    expect(show(['9', '--instrumented']).text).toContain('fz_rd(');
    expect(JSON.parse(show(['9', '--json']).text)).toMatchObject({
      seed: 9,
      features: generateKernel(9).features,
    });
    expect(show(['nine']).code).toBe(2);
    // Generator options, and the second file of a unity build after the first.
    const unity = { calls: { calls: 1, unity: 1 } };
    const k = generateKernel(0, unity);
    expect(show(['0', '--options', JSON.stringify(unity)]).text).toBe(
      `${k.source}/* ===== kern.c ===== */\n${k.files!['kern.c']}`,
    );
    expect(show(['0', '--options', '{']).code).toBe(2);
  });
});
