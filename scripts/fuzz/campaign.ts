/**
 * Differential fuzzing campaign (issue 8):
 *
 *   npm run fuzz -- --seed S --count N [--jobs J] [--out DIR] [--oracle MODULE] [--no-reduce]
 *
 * Program k of the campaign is generateKernel(S + k). Each goes through the oracle;
 * every mismatch or crash is saved under DIR/seed-<s>/ (program.c, instrumented.c,
 * info.json with seed, features and the oracle's verdict, output.txt, and reduced.c: the
 * program shrunk while the oracle keeps giving the same verdict). Prints progress, then
 *
 *   fuzz: N programs, K contracted arrays, M mismatches, C crashes
 *
 * and exits 1 when M + C > 0. `--oracle MODULE` loads a module exporting `oracle`
 * (an Oracle); without it the stub oracle runs.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { generateKernel, type GeneratedKernel, type GenerateOptions } from './generate.js';
import { stubOracle, type Oracle, type OracleResult } from './oracle.js';
import { reduceKernel } from './reduce.js';
import { type CallProbabilities, valueCrosses } from './calls.js';
import { contractOracle } from './contractOracle.js';
import { PRESETS, type CampaignPreset } from './presets.js';

export interface CampaignOptions {
  seed: number;
  count: number;
  jobs?: number;
  oracle?: Oracle;
  /** Where failures are saved; nothing is written when no program fails. */
  outDir?: string;
  /** Reduce failing programs (default true). */
  reduce?: boolean;
  /** Passed to reduceKernel: run the checker on every reduction candidate (default true). */
  checkCandidates?: boolean;
  log?: (line: string) => void;
  /** Options of generateKernel (e.g. commaProbability). */
  generate?: GenerateOptions;
}

export interface CampaignFailure {
  seed: number;
  status: 'mismatch' | 'crash';
  detail: string;
  dir?: string;
  reducedSource?: string;
}

export interface CampaignSummary {
  programs: number;
  contractedArrays: number;
  cellsSaved: number;
  mismatches: number;
  crashes: number;
  failures: CampaignFailure[];
  /**
   * Whole programs (calls.ts) by the sound verdict, and in how many of each some scratch
   * parameter was contracted (an oracle that names the contracted arrays).
   */
  wholePrograms?: {
    clean: number;
    crosses: number;
    cleanContracted: number;
    crossesContracted: number;
  };
}

/** The whole-program line of a campaign, or undefined when it had none. */
export function wholeProgramLine(s: CampaignSummary): string | undefined {
  const w = s.wholePrograms;
  if (!w) return undefined;
  return `fuzz: whole programs: ${w.clean} where no value crosses a call (a scratch parameter contracted in ${w.cleanContracted}), ${w.crosses} where one does (contracted in ${w.crossesContracted})`;
}

export function summaryLine(s: CampaignSummary): string {
  return `fuzz: ${s.programs} programs, ${s.contractedArrays} contracted arrays, ${s.mismatches} mismatches, ${s.crashes} crashes`;
}

/** The oracle, with thrown exceptions turned into crashes. */
async function judge(oracle: Oracle, kernel: GeneratedKernel): Promise<OracleResult> {
  try {
    return await oracle(kernel);
  } catch (e) {
    return {
      status: 'crash',
      contractedArrays: 0,
      detail: `oracle threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
    };
  }
}

function countWholeProgram(s: CampaignSummary, kernel: GeneratedKernel, verdict: OracleResult) {
  const spec = kernel.program.calls;
  if (!spec) return;
  const w = (s.wholePrograms ??= {
    clean: 0,
    crosses: 0,
    cleanContracted: 0,
    crossesContracted: 0,
  });
  const contracted = spec.scratch.some((x) => verdict.contracted?.includes(x.name));
  if (valueCrosses(spec)) {
    w.crosses++;
    if (contracted) w.crossesContracted++;
  } else {
    w.clean++;
    if (contracted) w.cleanContracted++;
  }
}

export async function runCampaign(opts: CampaignOptions): Promise<CampaignSummary> {
  const oracle = opts.oracle ?? stubOracle;
  const jobs = Math.max(1, opts.jobs ?? 1);
  const log = opts.log ?? ((line: string) => console.log(line));
  const outDir = resolve(opts.outDir ?? 'fuzz-failures');
  const summary: CampaignSummary = {
    programs: 0,
    contractedArrays: 0,
    cellsSaved: 0,
    mismatches: 0,
    crashes: 0,
    failures: [],
  };
  const progressEvery = Math.max(1, Math.ceil(opts.count / 10));
  let next = 0;

  const one = async (seed: number) => {
    let kernel: GeneratedKernel;
    try {
      kernel = generateKernel(seed, opts.generate);
    } catch (e) {
      // The generator is part of the tool chain under test: its failure is a crash too.
      summary.programs++;
      summary.crashes++;
      summary.failures.push({
        seed,
        status: 'crash',
        detail: `generator: ${e instanceof Error ? e.message : String(e)}`,
      });
      log(`fuzz: seed ${seed}: generator crash`);
      return;
    }
    const verdict = await judge(oracle, kernel);
    countWholeProgram(summary, kernel, verdict);
    summary.programs++;
    summary.contractedArrays += verdict.contractedArrays;
    summary.cellsSaved += verdict.cellsSaved ?? 0;
    if (verdict.status === 'mismatch') summary.mismatches++;
    else if (verdict.status === 'crash') summary.crashes++;
    if (verdict.status !== 'pass')
      log(`fuzz: seed ${seed}: ${verdict.status}: ${verdict.detail ?? ''}`);
    // Progress before the (slow) reduction, so counts are printed once and in order.
    if (summary.programs % progressEvery === 0 || summary.programs === opts.count) {
      log(
        `fuzz: ${summary.programs}/${opts.count} programs, ${summary.mismatches} mismatches, ${summary.crashes} crashes`,
      );
    }
    if (verdict.status !== 'pass')
      summary.failures.push(await saveFailure(kernel, verdict, oracle, outDir, opts, log));
  };

  const worker = async () => {
    while (next < opts.count) {
      const k = next++;
      await one(opts.seed + k);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, opts.count) }, worker));
  summary.failures.sort((a, b) => a.seed - b.seed);
  return summary;
}

async function saveFailure(
  kernel: GeneratedKernel,
  verdict: OracleResult,
  oracle: Oracle,
  outDir: string,
  opts: CampaignOptions,
  log: (line: string) => void,
): Promise<CampaignFailure> {
  const status = verdict.status as 'mismatch' | 'crash';
  const dir = join(outDir, `seed-${kernel.seed}`);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'program.c'), kernel.source);
  // A unity build: the files program.c includes, beside it.
  for (const [f, text] of Object.entries(kernel.files ?? {})) await writeFile(join(dir, f), text);
  await writeFile(join(dir, 'instrumented.c'), kernel.instrumented);
  await writeFile(join(dir, 'output.txt'), verdict.output ?? '');
  const info = {
    seed: kernel.seed,
    status,
    detail: verdict.detail ?? '',
    features: kernel.features,
    temporaries: kernel.temporaries,
    reproduce: `generateKernel(${kernel.seed}${opts.generate ? `, ${JSON.stringify(opts.generate)}` : ''})`,
  };
  await writeFile(join(dir, 'info.json'), JSON.stringify(info, null, 2) + '\n');
  const failure: CampaignFailure = { seed: kernel.seed, status, detail: verdict.detail ?? '', dir };
  if (opts.reduce ?? true) {
    // Same verdict on the reduced program: it still shows the bug, not a different one.
    const stillFails = async (_source: string, candidate: GeneratedKernel) =>
      (await judge(oracle, candidate)).status === status;
    const reduced = await reduceKernel(kernel, stillFails, {
      checkCandidates: opts.checkCandidates ?? true,
    });
    const where = await saveReduced(dir, reduced.kernel);
    failure.reducedSource = reduced.kernel.source;
    log(
      `fuzz: seed ${kernel.seed}: reduced in ${reduced.steps} steps (${reduced.tests} tests) -> ${where}`,
    );
  }
  return failure;
}

/** reduced.c, or for a program of several files the directory reduced/ holding them. */
async function saveReduced(dir: string, kernel: GeneratedKernel): Promise<string> {
  if (!kernel.files) {
    await writeFile(join(dir, 'reduced.c'), kernel.source);
    return join(dir, 'reduced.c');
  }
  const own = join(dir, 'reduced');
  await mkdir(own, { recursive: true });
  await writeFile(join(own, 'program.c'), kernel.source);
  for (const [f, text] of Object.entries(kernel.files)) await writeFile(join(own, f), text);
  return join(own, 'program.c');
}

// ---- command line ---------------------------------------------------------

const integer = (name: string) => (text: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0)
    throw new InvalidArgumentError(`${name} must be a non-negative integer`);
  return n;
};

const probability = (name: string) => (text: string) => {
  const x = Number(text);
  if (!(x >= 0 && x <= 1)) throw new InvalidArgumentError(`${name} must be in [0, 1]`);
  return x;
};

export interface CampaignIo {
  log: (line: string) => void;
  error: (line: string) => void;
}

const consoleIo: CampaignIo = { log: (l) => console.log(l), error: (l) => console.error(l) };

export async function main(argv: string[], io: CampaignIo = consoleIo): Promise<number> {
  const program = new Command('fuzz')
    .description('differential fuzzing of beeclak on random static-control kernels')
    .option('--seed <S>', 'first seed', integer('seed'), 1)
    .option('--count <N>', 'number of programs', integer('count'), 50)
    .option(
      '--jobs <J>',
      'programs checked in parallel',
      integer('jobs'),
      Math.max(1, availableParallelism()),
    )
    .option('--out <DIR>', 'directory for failing programs', 'fuzz-failures')
    .option('--oracle <MODULE>', 'module exporting `oracle` (default: compile-and-run stub)')
    .option('--no-reduce', 'do not reduce failing programs')
    .option(
      '--comma <P>',
      'probability of joining consecutive assignments with the comma operator (default 0)',
      probability('comma'),
    )
    .option(
      '--select <P>',
      'probability of splitting a reference into equal `?:` branches (default 0)',
      probability('select'),
    )
    .option(
      '--linear <P>',
      'probability of writing a multi-dimensional temporary as hand-linearized C (default 0)',
      probability('linear'),
    )
    .option(
      '--outer <P>',
      'probability of an outer loop (frames, time steps) rewriting the temporaries it wraps (default 0)',
      probability('outer'),
    )
    .option(
      '--casts <P>',
      'probability of casting an affine subscript (default 0)',
      probability('casts'),
    )
    .option(
      '--counters <P>',
      'probability of a narrow or unsigned loop counter type where its values fit (default 0)',
      probability('counters'),
    )
    .option(
      '--labels <P>',
      'probability of a label before a loop (default 0)',
      probability('labels'),
    )
    .option(
      '--while <P>',
      'probability of writing a loop as a while loop (default 0)',
      probability('while'),
    )
    .option(
      '--do <P>',
      'probability of writing a loop as a guarded do-while loop (default 0)',
      probability('do'),
    )
    .option(
      '--induction <P>',
      'probability of an induction scalar `int ix = e;` used in subscripts (default 0)',
      probability('induction'),
    )
    .option(
      '--shadow <P>',
      'probability of a pointer named like a temporary in a loop body (default 0)',
      probability('shadow'),
    )
    .option(
      '--typedefs <P>',
      "probability of spelling a counter's or a cast's type through a typedef name (default 0)",
      probability('typedefs'),
    )
    .option(
      '--calls <P>',
      'probability of a whole program: a static kernel with scratch parameters called by callers that pass their buffers (default 0)',
      probability('calls'),
    )
    .option(
      '--call-alias <P>',
      'per caller: an alias of the buffer taken before the call (default 0.25 with --calls)',
      probability('call-alias'),
    )
    .option(
      '--call-kept <P>',
      'per caller: a pointer into the buffer kept or returned by an earlier call (default 0.15)',
      probability('call-kept'),
    )
    .option(
      '--call-nested <P>',
      "per caller: the call inside another call's arguments or a subscript (default 0.2)",
      probability('call-nested'),
    )
    .option(
      '--call-loop <P>',
      'per caller: the call in a loop that also reads the buffer (default 0.2)',
      probability('call-loop'),
    )
    .option(
      '--call-prelude <P>',
      "conditional writes of a scratch cell at the kernel's entry, then a read (default 0.3)",
      probability('call-prelude'),
    )
    .option(
      '--call-extents <P>',
      'per scratch parameter: a declared first extent that lies, or a pointer (default 0.3)',
      probability('call-extents'),
    )
    .option(
      '--call-recursion <P>',
      'the kernel, or a caller, calls itself (default 0.2)',
      probability('call-recursion'),
    )
    .option(
      '--call-unity <P>',
      'a unity build: main.c includes kern.c and calls the static kernel too (default 0.15)',
      probability('call-unity'),
    )
    .option(
      '--preset <NAME>',
      `run every row of a preset of scripts/fuzz/presets.ts (${Object.keys(PRESETS).join(', ')}) instead of one campaign`,
    )
    .configureOutput({
      writeOut: (t) => io.log(t.trimEnd()),
      writeErr: (t) => io.error(t.trimEnd()),
    })
    .exitOverride();
  try {
    program.parse(argv, { from: 'user' });
  } catch (e) {
    return (e as { exitCode?: number }).exitCode === 0 ? 0 : 2;
  }
  const o = program.opts<{
    seed: number;
    count: number;
    jobs: number;
    out: string;
    oracle?: string;
    reduce: boolean;
    comma?: number;
    select?: number;
    linear?: number;
    outer?: number;
    casts?: number;
    counters?: number;
    labels?: number;
    while?: number;
    do?: number;
    induction?: number;
    shadow?: number;
    typedefs?: number;
    calls?: number;
    callAlias?: number;
    callKept?: number;
    callNested?: number;
    callLoop?: number;
    callPrelude?: number;
    callExtents?: number;
    callRecursion?: number;
    callUnity?: number;
    preset?: string;
  }>();
  const forms = {
    ...(o.casts ? { casts: o.casts } : {}),
    ...(o.counters ? { counters: o.counters } : {}),
    ...(o.labels ? { labels: o.labels } : {}),
    ...(o.while ? { while: o.while } : {}),
    ...(o.do ? { do: o.do } : {}),
    ...(o.induction ? { induction: o.induction } : {}),
    ...(o.shadow ? { shadow: o.shadow } : {}),
    ...(o.typedefs ? { typedefs: o.typedefs } : {}),
  };
  const anyForm = Object.keys(forms).length > 0;
  const callOptions: [keyof CallProbabilities, number | undefined][] = [
    ['calls', o.calls],
    ['alias', o.callAlias],
    ['kept', o.callKept],
    ['nested', o.callNested],
    ['loop', o.callLoop],
    ['prelude', o.callPrelude],
    ['extents', o.callExtents],
    ['recursion', o.callRecursion],
    ['unity', o.callUnity],
  ];
  const calls = Object.fromEntries(callOptions.filter(([, x]) => x !== undefined));
  let oracle: Oracle = stubOracle;
  if (o.oracle) {
    const mod = (await import(pathToFileURL(resolve(o.oracle)).href)) as { oracle?: Oracle };
    if (typeof mod.oracle !== 'function') {
      io.error(`fuzz: ${o.oracle} does not export an \`oracle\` function`);
      return 2;
    }
    oracle = mod.oracle;
  }
  if (o.preset !== undefined) {
    const rows = PRESETS[o.preset];
    if (!rows) {
      io.error(`fuzz: no preset '${o.preset}' (${Object.keys(PRESETS).join(', ')})`);
      return 2;
    }
    return runPreset(
      rows,
      { jobs: o.jobs, out: o.out, reduce: o.reduce, oracle: o.oracle ? oracle : undefined },
      io,
    );
  }
  const summary = await runCampaign({
    seed: o.seed,
    count: o.count,
    jobs: o.jobs,
    oracle,
    outDir: o.out,
    reduce: o.reduce,
    log: io.log,
    generate:
      o.comma || o.select || o.linear || o.outer || anyForm || calls.calls
        ? {
            ...(calls.calls ? { calls } : {}),
            ...(o.outer ? { outerProbability: o.outer } : {}),
            ...(o.comma ? { commaProbability: o.comma } : {}),
            ...(o.select ? { selectProbability: o.select } : {}),
            ...(o.linear ? { linearProbability: o.linear } : {}),
            ...(anyForm ? { forms } : {}),
          }
        : undefined,
  });
  if (summary.cellsSaved > 0)
    io.log(`fuzz: ${summary.cellsSaved} cells saved over all contracted arrays`);
  const whole = wholeProgramLine(summary);
  if (whole) io.log(whole);
  io.log(summaryLine(summary));
  return summary.mismatches + summary.crashes > 0 ? 1 : 0;
}

/**
 * Every row of a preset, one after the other (failures under OUT/row-K/): the oracle is
 * `check --keep` (one beeclak process per program; `contract -i` and the program's own
 * build for a unity build) with the row's options and FUZZ_CONTRACT_ARGS, unless
 * `--oracle` names another. Exit 1 when some row found a mismatch or a crash.
 */
export async function runPreset(
  rows: readonly CampaignPreset[],
  opts: { jobs: number; out: string; reduce: boolean; oracle?: Oracle },
  io: CampaignIo,
): Promise<number> {
  const extra = (process.env.FUZZ_CONTRACT_ARGS ?? '').split(/\s+/).filter(Boolean);
  const total = { programs: 0, contractedArrays: 0, mismatches: 0, crashes: 0 };
  for (const [k, row] of rows.entries()) {
    io.log(`fuzz: row ${k}: ${row.name} (seed ${row.seed}, ${row.count} programs)`);
    const s = await runCampaign({
      seed: row.seed,
      count: row.count,
      jobs: opts.jobs,
      generate: row.generate,
      oracle:
        opts.oracle ?? contractOracle({ viaCheck: true, contractArgs: [...row.args, ...extra] }),
      outDir: join(opts.out, `row-${k}`),
      reduce: opts.reduce,
      log: io.log,
    });
    const whole = wholeProgramLine(s);
    if (whole) io.log(whole);
    io.log(summaryLine(s));
    total.programs += s.programs;
    total.contractedArrays += s.contractedArrays;
    total.mismatches += s.mismatches;
    total.crashes += s.crashes;
  }
  io.log(`fuzz: preset total: ${summaryLine({ ...total, cellsSaved: 0, failures: [] }).slice(6)}`);
  return total.mismatches + total.crashes > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
