/**
 * Step `codegen` of `npm run bench`: run time and peak memory of the generated code. Each
 * kernel, at sizes large enough for both to show, is compiled with `$CC -O2` as written and
 * as contracted (exact and pow2 modulo forms), run `binRuns` times, and the three outputs are
 * compared.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contractSource } from '../../src/pipeline/contraction.js';
import { CC, contractOptions as options, ROOT, SAMPLES, type BenchContext } from './context.js';
import { errText, markdownTable, median, ms, ratio, timed } from './util.js';

/** Sizes large enough for the run time and the memory to show (the samples wrap them in #ifndef). */
const CODEGEN: { file: string; defines: Record<string, number> }[] = [
  { file: 'durbin.c', defines: { N: 2000 } },
  { file: 'dynprog.c', defines: { N: 200 } },
  { file: 'reg_detect.c', defines: { N: 6, P: 200000 } },
  { file: 'gauss.c', defines: { N: 1500, M: 1500 } },
  { file: 'linebuf.c', defines: { H: 2000, W: 2000 } },
  { file: 'stencil_time.c', defines: { T: 1000, N: 4000 } },
  { file: 'datadep.c', defines: { N: 1000000 } },
  { file: 'reverse_stride.c', defines: { N: 1000000 } },
  { file: 'triangle.c', defines: { N: 500 } },
];

interface BinRun {
  ms: number | null;
  rssMb: number | null;
  output: string | null;
  error?: string;
}
export interface CodegenRow {
  sample: string;
  defines: Record<string, number>;
  original: BinRun;
  exact: BinRun;
  pow2: BinRun;
  sameOutput: boolean | null;
}

/** Compiles `src` with cc -O2 and runs it `runs` times (stack unlimited: the originals keep big arrays on it). */
function compileAndRun(
  src: string,
  exe: string,
  defines: Record<string, number>,
  runs: number,
): BinRun {
  const d = Object.entries(defines).map(([k, v]) => `-D${k}=${v}`);
  const c = spawnSync(CC, ['-O2', '-w', ...d, '-o', exe, src], { encoding: 'utf8' });
  if (c.status !== 0)
    return { ms: null, rssMb: null, output: null, error: `cc: ${(c.stderr ?? '').split('\n')[0]}` };
  const walls: number[] = [];
  let rss = 0;
  let output: string | null = null;
  for (let k = 0; k < runs; k++) {
    const r = timed([exe], ROOT, 'ulimit -s unlimited 2>/dev/null || ulimit -s hard 2>/dev/null; ');
    if (r.status !== 0) return { ms: null, rssMb: null, output: null, error: `exit ${r.status}` };
    walls.push(r.wall);
    rss = Math.max(rss, r.rssKb ?? 0);
    output = r.stdout.trim();
  }
  return { ms: median(walls), rssMb: rss / 1024, output };
}

/** One row per kernel pushed to `codegen`. */
export async function runCodegen(ctx: BenchContext, codegen: CodegenRow[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'beeclak-cg-'));
  for (const { file, defines } of CODEGEN) {
    const source = ctx.source(file);
    const big = Object.fromEntries(Object.entries(defines).map(([k, v]) => [k, BigInt(v)]));
    const base = join(dir, file.replace(/\.c$/, ''));
    const original = compileAndRun(join(SAMPLES, file), `${base}.orig`, defines, ctx.binRuns);
    const variants: Record<'exact' | 'pow2', BinRun> = {
      exact: { ms: null, rssMb: null, output: null },
      pow2: { ms: null, rssMb: null, output: null },
    };
    for (const modulo of ['exact', 'pow2'] as const) {
      try {
        const c = await contractSource(
          source,
          `samples/${file}`,
          options({ defines: big, modulo }),
        );
        writeFileSync(`${base}.${modulo}.c`, c.text);
        variants[modulo] = compileAndRun(
          `${base}.${modulo}.c`,
          `${base}.${modulo}`,
          defines,
          ctx.binRuns,
        );
      } catch (e) {
        variants[modulo] = {
          ms: null,
          rssMb: null,
          output: null,
          error: `contract: ${errText(e)}`,
        };
      }
    }
    const outs = [original, variants.exact, variants.pow2]
      .map((v) => v.output)
      .filter((o) => o !== null);
    const row: CodegenRow = {
      sample: file,
      defines,
      original,
      exact: variants.exact,
      pow2: variants.pow2,
      sameOutput: outs.length === 3 ? outs.every((o) => o === outs[0]) : null,
    };
    codegen.push(row);
    ctx.log(
      `codegen ${file}: original ${ms(original.ms) ?? original.error} ms, exact ${ms(row.exact.ms) ?? row.exact.error} ms, pow2 ${ms(row.pow2.ms) ?? row.pow2.error} ms`,
    );
  }
  rmSync(dir, { recursive: true, force: true });
}

export function codegenTable(codegen: readonly CodegenRow[]): string {
  const show = (b: BinRun) => (b.ms === null ? `failed (${b.error})` : ms(b.ms));
  const mb = (b: BinRun) => (b.rssMb === null ? null : b.rssMb.toFixed(1));
  return markdownTable(
    [
      'sample',
      'sizes',
      'original (ms):',
      'exact (ms):',
      'pow2 (ms):',
      'exact / orig.:',
      'pow2 / orig.:',
      'RSS orig. (MB):',
      'RSS exact:',
      'RSS pow2:',
      'same output',
    ],
    codegen.map((r) => [
      r.sample.replace(/\.c$/, ''),
      Object.entries(r.defines)
        .map(([k, v]) => `${k}=${v}`)
        .join(' '),
      show(r.original),
      show(r.exact),
      show(r.pow2),
      ratio(r.exact.ms, r.original.ms),
      ratio(r.pow2.ms, r.original.ms),
      mb(r.original),
      mb(r.exact),
      mb(r.pow2),
      r.sameOutput === null ? '—' : r.sameOutput ? 'yes' : '**no**',
    ]),
  );
}
