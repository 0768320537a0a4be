/**
 * beeclak on programs nobody here wrote, built and checked as their own build does:
 *
 *   node dist/scripts/realPrograms.js [--chstone DIR] [--machsuite DIR] [--kissfft DIR]
 *                                     [--speexdsp DIR] [--embench DIR] [--tacle DIR]
 *                                     [--zlib DIR] [--opus DIR] [--libjpeg-turbo DIR]
 *                                     [--only NAME,...] [--runs 3] [--docs] [--docs-marker M]
 *                                     [--json out.json] [--keep] [--makefile-programs]
 *
 * Each DIR is a copy fetched separately and never committed (github:ferrandi/CHStone,
 * github:breagen/MachSuite, github:mborgerding/kissfft, github:xiph/speexdsp,
 * github:embench/embench-iot, github:tacle/tacle-bench; the code bases of bench/codeBases.ts,
 * contracted through their compilation databases: github:madler/zlib, github:xiph/opus,
 * github:libjpeg-turbo/libjpeg-turbo); a suite not given is skipped with a
 * notice. For every program: the suite is copied twice into a
 * temporary folder; the first copy is built and checked as it is; in the second,
 * `beeclak contract -i` rewrites the files the build compiles (with the flags it uses), then it
 * is built and checked again. A check is the program's own: its exit status, and its output
 * where the output is deterministic. Recorded: the arrays changed, the bytes the report says
 * are saved by storage class, peak RSS (GNU time, smallest of the runs) and `size` of the
 * executables before and after, and what run-time maxLive allows for the arrays the trace
 * build sees (function-local arrays of constant size in the traced file: `check --trace`'s
 * count, pipeline/checking/traceRun.ts with countLive). A check that passes before and fails
 * after contraction is a soundness bug: reported in the table and on stderr.
 * `--docs` writes the table between the realprograms markers of docs/benchmarks.md.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { traceProgram } from '../src/pipeline/checking/traceRun.js';
import { withCallContext } from '../src/context/callContext.js';
import { markdownTable, type Cell } from './bench/util.js';
import {
  isChanged,
  peakRssKb,
  savedByStorage,
  sections,
  storageText,
  type ReportArray,
  type Sections,
} from './bench/memory.js';
import { writeTable } from './docTables.js';
import { libjpegTurbo, opus, zlib } from './bench/codeBases.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(ROOT, 'bin', 'beeclak.js');
const CC = process.env.CC ?? 'cc';

/** One command of a check: run in `cwd` (relative to the suite copy), outputs compared or not. */
interface Check {
  cwd: string;
  cmd: string[];
  /** Compare stdout (and files it names) between the runs; false for timings. */
  compare: boolean;
  stdin?: string;
}

interface Program {
  suite: string;
  name: string;
  /** Shell commands run in the copy's root before the first build (generated headers). */
  prepare?: string;
  /** Shell command that builds, run in the copy's root. */
  build: string;
  checks: Check[];
  /** The files `contract -i` rewrites (relative to the copy), and its flags (-I relative too). */
  contract: string[];
  flags: string[];
  /** The compiler's flags for the stack frames, when `flags` are not (`-p .`); else `flags`. */
  cflags?: string[];
  /** Executables measured with `size` (relative to the copy). */
  executables: string[];
  /** The files compiled for the stack frames (`-fstack-usage`, with `flags`); else `contract`. */
  units?: string[];
  /** What of the suite the program needs, copied (relative to DIR); default all of it. */
  copy?: string[];
  /** A main file to trace, its extra build arguments and its run (maxLive at run time). */
  trace?: { file: string; extra: string[]; args: string[]; cwd: string; stdin?: string };
}

const CHSTONE: [string, string][] = [
  ['adpcm', 'adpcm.c'],
  ['aes', 'aes.c'],
  ['blowfish', 'bf.c'],
  ['dfadd', 'dfadd.c'],
  ['dfdiv', 'dfdiv.c'],
  ['dfmul', 'dfmul.c'],
  ['dfsin', 'dfsin.c'],
  ['gsm', 'gsm.c'],
  ['jpeg', 'main.c'],
  ['mips', 'mips.c'],
  ['motion', 'mpeg2.c'],
  ['sha', 'sha_driver.c'],
];

/** CHStone: one main file that #includes the rest; it checks itself (exit status, result). */
function chstone(): Program[] {
  return CHSTONE.map(([dir, main]) => ({
    suite: 'CHStone',
    name: dir,
    build: `cd ${dir} && ${CC} -O2 -w -o prog ${main} -lm`,
    checks: [{ cwd: dir, cmd: ['./prog'], compare: true }],
    // The folder: the files its main file includes are seen as included, not as programs.
    contract: [dir],
    flags: [],
    units: [`${dir}/${main}`],
    executables: [`${dir}/prog`],
    trace: { file: `${dir}/${main}`, extra: [], args: [], cwd: dir },
  }));
}

const MACHSUITE = [
  'aes/aes',
  'bfs/bulk',
  'bfs/queue',
  'fft/strided',
  'fft/transpose',
  'gemm/ncubed',
  'gemm/blocked',
  'kmp/kmp',
  'md/knn',
  'md/grid',
  'nw/nw',
  'sort/merge',
  'sort/radix',
  'spmv/crs',
  'spmv/ellpack',
  'stencil/stencil2d',
  'stencil/stencil3d',
  'viterbi/viterbi',
  // Commented out of the suite's Makefile (FIXME), but it has its Makefile and checks.
  'backprop/backprop',
];

/**
 * MachSuite: its Makefile per benchmark (`make`, `make run`: the harness checks the output).
 * Contracted as the Makefile links it, one closed world: the kernel, local_support.c and
 * common/support.c and harness.c (its main()). With `programs` (`--makefile-programs`), every
 * program the Makefile builds: the set holds generate.c too (the `generate` target: the same
 * sources and its own main()), whose run (`make generate`, fixed seeds) rewrites input.data and
 * check.data, compared before and after; and the stale test drivers beside the kernels
 * (`*_test.c`, which no target builds: each a main() calling the kernel, so its parameters stay
 * `named-outside-set`) are removed from both copies first.
 */
function machsuite(programs = false): Program[] {
  return MACHSUITE.map((b) => {
    const kern = b.split('/')[0]!;
    const harness = [
      `${b}/${kern}.c`,
      `${b}/local_support.c`,
      'common/support.c',
      'common/harness.c',
    ];
    const srcs = programs ? [...harness, `${b}/generate.c`] : harness;
    const generate: Check = {
      cwd: b,
      cmd: ['sh', '-c', 'make -s generate > /dev/null 2>&1 && cksum input.data check.data'],
      compare: true,
    };
    const check: Check = { cwd: b, cmd: [`./${kern}`, 'input.data', 'check.data'], compare: true };
    return {
      suite: 'MachSuite',
      name: b,
      ...(programs ? { prepare: `rm -f ${b}/*_test.c` } : {}),
      build: `make -s -C ${b}`,
      checks: programs ? [generate, check] : [check],
      contract: srcs,
      flags: ['-I', 'common'],
      executables: [`${b}/${kern}`],
      trace: {
        file: `${b}/${kern}.c`,
        extra: [
          '-I',
          '../../common',
          'local_support.c',
          '../../common/support.c',
          '../../common/harness.c',
        ],
        args: ['input.data', 'check.data'],
        cwd: b,
      },
    };
  });
}

/** kissfft: its Makefile's `testsingle` (float, static library): builds and runs its tests. */
function kissfft(): Program[] {
  return [
    {
      suite: 'kissfft',
      name: 'test programs (float)',
      // Its own test run (test/Makefile's `test` and `testcpp`, testkiss.py against NumPy):
      // it fails the build when a test fails; the checks below rerun the test programs.
      build:
        'make -s KISSFFT_DATATYPE=float KISSFFT_STATIC=1 KISSFFT_TOOLS=0 testsingle > testsingle.log 2>&1',
      checks: [
        { cwd: 'test', cmd: ['./tkfc-float'], compare: true },
        { cwd: 'test', cmd: ['./st-float'], compare: true },
        // Timings in their output.
        { cwd: 'test', cmd: ['./tr-float'], compare: false },
        { cwd: 'test', cmd: ['./bm-kiss-float', '-x', '100', '-n', '1024'], compare: false },
        { cwd: 'test', cmd: ['./fastfilt-float', '-n', '2,4,2'], compare: false },
      ],
      contract: [
        'kiss_fft.c',
        'kiss_fftr.c',
        'kiss_fftnd.c',
        'kiss_fftndr.c',
        'kfc.c',
        'test/test_real.c',
        'test/benchkiss.c',
        'test/pstats.c',
        'test/twotonetest.c',
        'tools/fftutil.c',
      ],
      flags: ['-I', '.', '-D', 'kiss_fft_scalar=float'],
      executables: [
        'libkissfft-float.a',
        'test/tkfc-float',
        'test/st-float',
        'test/tr-float',
        'test/bm-kiss-float',
        'test/fastfilt-float',
      ],
    },
  ];
}

/** speexdsp's configure output that its sources need: the integer types, a config.h. */
const SPEEX_PREPARE = [
  `sed -e 's/@INCLUDE_STDINT@/#include <stdint.h>/' -e 's/@SIZE16@/int16_t/' -e 's/@USIZE16@/uint16_t/'`,
  `-e 's/@SIZE32@/int32_t/' -e 's/@USIZE32@/uint32_t/' include/speex/speexdsp_config_types.h.in`,
  `> include/speex/speexdsp_config_types.h &&`,
  `printf '#define FLOATING_POINT 1\\n#define USE_KISS_FFT 1\\n#define EXPORT\\n' > config.h &&`,
  // A deterministic input: two seconds of two tones and a little noise, 16-bit at 8 kHz.
  `python3 -c "import math,struct,sys,random; random.seed(1); sys.stdout.buffer.write(b''.join(struct.pack('<h', int(8000*math.sin(i*0.07)+3000*math.sin(i*0.31)+random.randint(-500,500))) for i in range(16000)))" > in.raw`,
].join(' ');

const SPEEX_LIB = [
  'preprocess.c',
  'jitter.c',
  'mdf.c',
  'fftwrap.c',
  'filterbank.c',
  'resample.c',
  'buffer.c',
  'scal.c',
  'kiss_fft.c',
  'kiss_fftr.c',
];
const SPEEX_TESTS = ['testdenoise', 'testecho', 'testjitter', 'testresample', 'testresample2'];

/** speexdsp: the library as its Makefile.am compiles it (float, kiss FFT) and its test programs. */
function speexdsp(): Program[] {
  const cflags = `-O2 -w -DHAVE_CONFIG_H -I.. -Iinclude -I../include -I../include/speex`;
  const lib = SPEEX_LIB.join(' ');
  return [
    {
      suite: 'speexdsp',
      name: 'test programs (float)',
      prepare: SPEEX_PREPARE,
      build:
        `cd libspeexdsp && ${CC} ${cflags} -c ${lib} && ` +
        SPEEX_TESTS.map(
          (t) =>
            `${CC} ${cflags} -o ${t} ${t}.c ${SPEEX_LIB.map((f) => f.replace(/\.c$/, '.o')).join(' ')} -lm`,
        ).join(' && '),
      checks: [
        { cwd: 'libspeexdsp', cmd: ['./testdenoise'], compare: true, stdin: 'in.raw' },
        {
          cwd: 'libspeexdsp',
          cmd: ['./testecho', '../in.raw', '../in.raw', 'echo.out'],
          compare: true,
        },
        { cwd: 'libspeexdsp', cmd: ['./testjitter'], compare: true },
        { cwd: 'libspeexdsp', cmd: ['./testresample'], compare: true, stdin: 'in.raw' },
        { cwd: 'libspeexdsp', cmd: ['./testresample2'], compare: true },
      ],
      contract: [...SPEEX_LIB, ...SPEEX_TESTS.map((t) => `${t}.c`)].map((f) => `libspeexdsp/${f}`),
      flags: [
        '-D',
        'HAVE_CONFIG_H',
        '-I',
        '.',
        '-I',
        'include',
        '-I',
        'include/speex',
        '-I',
        'libspeexdsp',
      ],
      executables: SPEEX_TESTS.map((t) => `libspeexdsp/${t}`),
      trace: {
        file: 'libspeexdsp/testdenoise.c',
        extra: [...cflags.split(' ').slice(2), ...SPEEX_LIB],
        args: [],
        cwd: 'libspeexdsp',
        stdin: 'in.raw',
      },
    },
  ];
}

/** Embench-iot's native build (examples/native/speed): one executable per benchmark. */
const EMBENCH_FLAGS = [
  '-D',
  'WARMUP_HEAT=1',
  '-D',
  'GLOBAL_SCALE_FACTOR=1',
  '-I',
  'support',
  '-I',
  'examples/native/speed',
];
const EMBENCH_SUPPORT = [
  'support/main.c',
  'support/beebsc.c',
  'examples/native/speed/boardsupport.c',
];

const cFiles = (dir: string, sub: string) =>
  readdirSync(join(dir, sub))
    .filter((f) => f.endsWith('.c'))
    .sort()
    .map((f) => `${sub}/${f}`);

/**
 * Embench-iot: each benchmark with support/main.c (its main(): the benchmark, then
 * verify_benchmark(), exit 0 when the results are right), built as its native example
 * configuration does (`-O2 -fdata-sections -ffunction-sections`, `-Wl,-gc-sections`).
 */
function embench(dir: string): Program[] {
  return readdirSync(join(dir, 'src'))
    .filter((b) => statSync(join(dir, 'src', b)).isDirectory())
    .sort()
    .map((b) => {
      const files = [...cFiles(dir, `src/${b}`), ...EMBENCH_SUPPORT];
      return {
        suite: 'Embench',
        name: b,
        build:
          `${CC} -O2 -w -fdata-sections -ffunction-sections ${EMBENCH_FLAGS.join(' ')} ` +
          `${files.join(' ')} -Wl,-gc-sections -lm -o ${b}.exe`,
        checks: [{ cwd: '.', cmd: [`./${b}.exe`], compare: true }],
        contract: files,
        flags: EMBENCH_FLAGS,
        executables: [`${b}.exe`],
        copy: [`src/${b}`, 'support', 'examples/native/speed'],
      };
    });
}

/**
 * TACLeBench: each benchmark folder as its checkBenchmark.sh builds it (`gcc -Wall
 * -Wno-unknown-pragmas -Werror *.c`: a new warning fails the build), its main() returning 0
 * when its result is the expected one.
 */
function tacle(dir: string): Program[] {
  return ['app', 'kernel', 'sequential', 'test'].flatMap((group) =>
    readdirSync(join(dir, 'bench', group))
      .filter((b) => statSync(join(dir, 'bench', group, b)).isDirectory())
      .sort()
      .map((b) => {
        const sub = `bench/${group}/${b}`;
        return {
          suite: 'TACLeBench',
          name: `${group}/${b}`,
          build: `cd ${sub} && ${CC} -Wall -Wno-unknown-pragmas -Werror *.c -lm -o prog`,
          checks: [{ cwd: sub, cmd: ['./prog'], compare: true }],
          contract: cFiles(dir, sub),
          flags: [],
          executables: [`${sub}/prog`],
          copy: [sub],
        };
      }),
  );
}

interface RunOutcome {
  ok: boolean;
  /** Per check: exit status and output (compared only where the check says so). */
  outputs: string[];
  peakKb: number | null;
  size: Sections | null;
  /** The stack frames of every function the build compiles, summed (`-fstack-usage`). */
  stack: number | null;
  error?: string;
}

interface Row {
  suite: string;
  program: string;
  changed: string[];
  saved: string;
  savedBytes: number;
  /** Bytes saved per storage class. */
  byStorage: Record<string, number>;
  /** The arrays left unchanged, by reason code (the three most frequent). */
  unchanged: string;
  before: RunOutcome | null;
  after: RunOutcome | null;
  /** The outputs of every compared check are equal before and after. */
  same: boolean | null;
  traced: string;
  tracedBytes: number | null;
  note?: string;
}

function sh(script: string, cwd: string) {
  return spawnSync('/bin/sh', ['-c', script], { cwd, encoding: 'utf8', maxBuffer: 256 << 20 });
}

const first = (s: string) =>
  (s ?? '').trim().split('\n').filter(Boolean).slice(-3).join(' / ').slice(0, 200);

/** Builds the copy at `root` and runs its checks, `runs` times each for the peak RSS. */
function buildAndCheck(p: Program, root: string, runs: number): RunOutcome {
  const b = sh(p.build, root);
  if (b.status !== 0)
    return {
      ok: false,
      outputs: [],
      peakKb: null,
      size: null,
      stack: null,
      error: `build: ${first(b.stderr || b.stdout)}`,
    };
  const outputs: string[] = [];
  let ok = true;
  let peak: number | null = null;
  for (const c of p.checks) {
    const cwd = join(root, c.cwd);
    const prefix = c.stdin ? `exec < '${join(root, c.stdin)}'; ` : '';
    const { peakKb, run } = peakRssKb(c.cmd, cwd, runs, prefix);
    if (peakKb !== null) peak = Math.max(peak ?? 0, peakKb);
    if (run.status !== 0) ok = false;
    const files = c.cmd
      .filter((a) => a.endsWith('.out'))
      .map((f) => readFileSync(join(cwd, f), 'latin1'));
    outputs.push(`${run.status}\n${c.compare ? run.stdout + files.join('') : ''}`);
  }
  const size = sections(p.executables.map((e) => join(root, e)).filter(existsSync));
  return { ok, outputs, peakKb: peak, size, stack: stackFrames(p, root) };
}

/**
 * The stack frames of the functions of the files the build compiles, summed: each compiled
 * at -O2 with `-fstack-usage` (gcc's `.su` file: one line per function with its frame size).
 * A local array that shrinks shrinks its function's frame; a frame is counted once, whatever
 * the depth of the calls (this is not the peak stack).
 */
function stackFrames(p: Program, root: string): number | null {
  const out = mkdtempSync(join(tmpdir(), 'beeclak-su-'));
  try {
    let total = 0;
    for (const [k, f] of (p.units ?? p.contract).filter((u) => u.endsWith('.c')).entries()) {
      const r = spawnSync(
        CC,
        [
          '-O2',
          '-w',
          '-fstack-usage',
          '-c',
          ...(p.cflags ?? p.flags),
          f,
          '-o',
          join(out, `u${k}.o`),
        ],
        { cwd: root, encoding: 'utf8' },
      );
      const su = join(out, `u${k}.su`);
      if (r.status !== 0 || !existsSync(su)) return null;
      for (const m of readFileSync(su, 'utf8').matchAll(/\t(\d+)\t/g)) total += Number(m[1]);
    }
    return total;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * `contract -i` over the copy; the report's arrays, and the files it left out (a file that
 * only compiles as part of another, say) with their reason.
 */
function contractCopy(
  p: Program,
  root: string,
  report: string,
): { arrays: ReportArray[]; skipped: string[] } {
  const r = spawnSync(
    process.execPath,
    [
      BIN,
      'contract',
      '-i',
      ...p.contract,
      ...p.flags,
      '--report',
      'json',
      '--report-file',
      report,
      '--no-cache',
      '--jobs',
      '1',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  // Exit 4: some file was skipped; the others were contracted and reported.
  if (![0, 1, 4].includes(r.status ?? -1) || !existsSync(report))
    throw new Error(`contract exit ${r.status}: ${first(r.stderr)}`);
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const arrays = (json.files ?? []).flatMap((f: { file: string; arrays?: ReportArray[] }) =>
    (f.arrays ?? []).map((a) => ({ ...a, file: f.file })),
  );
  const skipped = (json.skipped ?? []).map(
    (s: { file?: string; reason?: string }) =>
      `${relative(root, resolve(root, s.file ?? '?'))} skipped (${(s.reason ?? '').split('\n')[0]!.slice(0, 80)})`,
  );
  return { arrays, skipped };
}

/**
 * What run-time maxLive allows for the arrays the trace build sees in the main file: per
 * array whose count is below its declared cells, `f:a cells -> live`; arrays that cannot be
 * counted (their address escapes, say) are counted, not listed.
 */
async function traced(p: Program, root: string): Promise<{ text: string; bytes: number | null }> {
  if (!p.trace) return { text: '—', bytes: null };
  const t = p.trace;
  const file = join(root, t.file);
  const cwd = process.cwd();
  const flags = ['-w', ...t.extra, '-iquote', dirname(file)];
  process.chdir(join(root, t.cwd));
  try {
    const { macros, raw } = integerMacros(file, flags);
    const outcome = await traceProgram(readFileSync(file, 'utf8'), file, {
      // The run's folder is the trace's own: input files by their absolute paths.
      runs: [t.args.map((a) => (existsSync(join(root, t.cwd, a)) ? join(root, t.cwd, a) : a))],
      stdin: t.stdin ? readFileSync(join(root, t.stdin), 'latin1') : '',
      flags: [...flags, '-lm'],
      countLive: true,
      timeoutMs: 300_000,
    });
    const decls = new Map(outcome.sites.arrays.map((a) => [`${a.function}:${a.name}`, a]));
    let bytes = 0;
    const parts: string[] = [];
    let notCounted = 0;
    let full = 0;
    const lives = outcome.runs[0]?.live ?? [];
    for (const live of lives) {
      const key = `${live.function}:${live.array}`;
      if (live.kind !== 'done') {
        notCounted++;
        continue;
      }
      const cells = declaredCells(decls.get(key)?.extentTexts ?? [], macros);
      const type = decls.get(key)?.elementType ?? '';
      const size = elementBytes(resolveType(type, raw));
      if (cells === null || size === null) {
        parts.push(`${key}: ${live.values} live (size unknown)`);
        continue;
      }
      const gain = (cells - live.values) * size;
      bytes += gain;
      if (gain > 0) parts.push(`${key} ${cells} -> ${live.values}`);
      else full++;
    }
    if (full > 0) parts.push(`${full} all live`);
    if (notCounted > 0) parts.push(`${notCounted} not counted (address escapes)`);
    return { text: lives.length === 0 ? 'no local array traced' : parts.join(', '), bytes };
  } catch (e) {
    return { text: `not traced: ${first((e as Error).message)}`, bytes: null };
  } finally {
    process.chdir(cwd);
  }
}

/** The object-like macros of `file` (with `flags`) whose value is an integer expression. */
function integerMacros(
  file: string,
  flags: readonly string[],
): { macros: Map<string, number>; raw: Map<string, string> } {
  const r = spawnSync(CC, ['-E', '-dM', ...flags.filter((f) => !f.endsWith('.c')), file], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const raw = new Map<string, string>();
  for (const m of (r.stdout ?? '').matchAll(/^#define ([A-Za-z_]\w*) (.+)$/gm))
    raw.set(m[1]!, m[2]!);
  // Plain typedefs (`typedef double prob_t;`) name element types too.
  const pre = spawnSync(CC, ['-E', '-P', ...flags.filter((f) => !f.endsWith('.c')), file], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  for (const m of (pre.stdout ?? '').matchAll(
    /^typedef\s+([A-Za-z_][\w ]*?)\s+([A-Za-z_]\w*)\s*;/gm,
  ))
    if (!raw.has(m[2]!)) raw.set(m[2]!, m[1]!);
  const out = new Map<string, number>();
  for (const name of raw.keys()) {
    const v = evalExtent(name, raw, 0);
    if (v !== null) out.set(name, v);
  }
  return { macros: out, raw };
}

/** An integer expression of literals, macros and + - * / ( ), or null. */
function evalExtent(
  text: string,
  macros: ReadonlyMap<string, string>,
  depth: number,
): number | null {
  if (depth > 8) return null;
  const expanded = text.replace(/[A-Za-z_]\w*/g, (id) => {
    const body = macros.get(id);
    const v = body === undefined ? null : evalExtent(body, macros, depth + 1);
    return v === null ? '#' : String(v);
  });
  const plain = expanded.replace(/\b(\d+)[uUlL]*\b/g, '$1');
  if (!/^[\d\s+\-*/()]+$/.test(plain)) return null;
  try {
    const v = Function(`"use strict"; return (${plain});`)() as number;
    return Number.isSafeInteger(v) && v >= 0 ? v : null;
  } catch {
    return null;
  }
}

/** The cells of a declaration whose extents are integer expressions (else null). */
function declaredCells(
  extents: readonly string[],
  macros: ReadonlyMap<string, number>,
): number | null {
  const known = new Map([...macros].map(([k, v]) => [k, String(v)]));
  let n = 1;
  for (const e of extents) {
    const v = evalExtent(e, known, 0);
    if (v === null) return null;
    n *= v;
  }
  return extents.length > 0 ? n : null;
}

/** A type name through the macros and typedefs that name it (`prob_t` -> `TYPE` -> `double`). */
function resolveType(type: string, names: ReadonlyMap<string, string>): string {
  let t = type.trim();
  for (let k = 0; k < 8 && names.has(t); k++) t = names.get(t)!.trim();
  return t;
}

const SIZES: Record<string, number> = {
  char: 1,
  'unsigned char': 1,
  'signed char': 1,
  short: 2,
  'unsigned short': 2,
  int: 4,
  'unsigned int': 4,
  unsigned: 4,
  float: 4,
  long: 8,
  'unsigned long': 8,
  double: 8,
  'long long': 8,
  'unsigned long long': 8,
  int8_t: 1,
  uint8_t: 1,
  int16_t: 2,
  uint16_t: 2,
  int32_t: 4,
  uint32_t: 4,
  int64_t: 8,
  uint64_t: 8,
};

function elementBytes(type: string): number | null {
  return SIZES[type.replace(/\b(const|volatile|static)\b/g, '').trim()] ?? null;
}

async function runProgram(p: Program, before: string, after: string, runs: number): Promise<Row> {
  const row: Row = {
    suite: p.suite,
    program: p.name,
    changed: [],
    saved: '—',
    savedBytes: 0,
    byStorage: {},
    unchanged: '—',
    before: null,
    after: null,
    same: null,
    traced: '—',
    tracedBytes: null,
  };
  row.before = buildAndCheck(p, before, runs);
  const { arrays, skipped } = contractCopy(
    p,
    after,
    join(after, '..', `${p.suite}-${p.name.replace(/\W/g, '_')}.json`),
  );
  row.changed = arrays.filter(isChanged).map((a) => `${a.function}:${a.name}`);
  row.byStorage = Object.fromEntries(savedByStorage(arrays));
  row.unchanged = reasonCounts(arrays);
  row.saved = storageText(savedByStorage(arrays));
  row.savedBytes = arrays.reduce((s, a) => s + Number(a.savedBytes ?? 0), 0);
  if (skipped.length > 0) row.note = skipped.join('; ');
  row.after = buildAndCheck(p, after, runs);
  row.same =
    row.before.outputs.length === row.after.outputs.length &&
    row.before.outputs.every((o, k) => o === row.after!.outputs[k]);
  const t = await traced(p, before);
  row.traced = t.text;
  row.tracedBytes = t.bytes;
  if (row.before.ok && (!row.after.ok || !row.same))
    process.stderr.write(`SOUNDNESS: ${p.suite} ${p.name}: the checks fail after contraction\n`);
  return row;
}

/** `12 (BC1121 5, BC1004 4, ...)`: the unchanged arrays, the most frequent reason codes. */
function reasonCounts(arrays: readonly ReportArray[]): string {
  const counts = new Map<string, number>();
  const left = arrays.filter((a) => !isChanged(a));
  for (const a of left) counts.set(a.code ?? '?', (counts.get(a.code ?? '?') ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return left.length === 0
    ? '0'
    : `${left.length} (${top.map(([c, n]) => `${c} ${n}`).join(', ')})`;
}

function table(rows: readonly Row[]): string {
  const size = (s: Sections | null | undefined) => (s ? `${s.text} / ${s.data} / ${s.bss}` : null);
  const checks = (o: RunOutcome | null) =>
    o === null ? null : o.error ? o.error : o.ok ? 'pass' : 'FAIL';
  return markdownTable(
    [
      'suite',
      'program',
      'checks before',
      'checks after',
      'same output',
      'arrays changed',
      'bytes saved by storage (report)',
      'unchanged (top reason codes)',
      'peak RSS KB before:',
      'after:',
      'size text / data / bss before',
      'after',
      'stack frames B before:',
      'after:',
      'run-time maxLive allows (traced arrays)',
      'bytes:',
      'note',
    ],
    rows.map((r): Cell[] => [
      r.suite,
      r.program,
      checks(r.before),
      checks(r.after),
      r.same === null ? null : r.same ? 'yes' : 'NO',
      r.changed.length === 0 ? 'none' : r.changed.join(', '),
      r.saved,
      r.unchanged,
      r.before?.peakKb,
      r.after?.peakKb,
      size(r.before?.size),
      size(r.after?.size),
      r.before?.stack,
      r.after?.stack,
      r.traced,
      r.tracedBytes,
      r.note,
    ]),
  );
}

const sum = (xs: readonly (number | null | undefined)[]) =>
  xs.reduce<number>((s, x) => s + (x ?? 0), 0);

function arg(name: string): string | undefined {
  const k = process.argv.indexOf(name);
  return k >= 0 ? process.argv[k + 1] : undefined;
}

async function main(): Promise<void> {
  const suites: [string, string | undefined, (dir: string) => Program[]][] = [
    ['CHStone', arg('--chstone'), chstone],
    [
      'MachSuite',
      arg('--machsuite'),
      () => machsuite(process.argv.includes('--makefile-programs')),
    ],
    ['kissfft', arg('--kissfft'), kissfft],
    ['speexdsp', arg('--speexdsp'), speexdsp],
    ['Embench', arg('--embench'), embench],
    ['TACLeBench', arg('--tacle'), tacle],
    ['zlib', arg('--zlib'), zlib],
    ['opus', arg('--opus'), opus],
    ['libjpeg-turbo', arg('--libjpeg-turbo'), libjpegTurbo],
  ];
  const only = arg('--only')?.split(',');
  const runs = Number(arg('--runs') ?? '3');
  const work = mkdtempSync(join(tmpdir(), 'beeclak-real-'));
  const rows: Row[] = [];
  try {
    for (const [suite, dir, programs] of suites) {
      if (!dir || !existsSync(dir)) {
        process.stderr.write(`${suite}: skipped (no copy given: --${suite.toLowerCase()} DIR)\n`);
        continue;
      }
      for (const p of programs(dir)) {
        if (only && !only.includes(p.name) && !only.includes(suite)) continue;
        const key = `${suite}-${p.name.replace(/\W/g, '_')}`;
        const [before, after] = [join(work, key, 'before'), join(work, key, 'after')];
        for (const d of [before, after]) {
          for (const sub of p.copy ?? ['.'])
            cpSync(resolve(dir, sub), join(d, sub), {
              recursive: true,
              filter: (s) => !s.includes('/.git'),
            });
          if (p.prepare) sh(p.prepare, d);
        }
        try {
          const row = await runProgram(p, before, after, runs);
          rows.push(row);
          process.stderr.write(
            `${suite} ${p.name}: ${row.changed.length} changed, saved ${row.saved}, checks ` +
              `${row.before?.ok} -> ${row.after?.ok}, same ${row.same}\n`,
          );
        } catch (e) {
          process.stderr.write(`${suite} ${p.name}: ${(e as Error).message}\n`);
          rows.push({
            suite,
            program: p.name,
            changed: [],
            saved: '—',
            savedBytes: 0,
            byStorage: {},
            unchanged: '—',
            before: null,
            after: null,
            same: null,
            traced: '—',
            tracedBytes: null,
            note: (e as Error).message,
          });
        }
        if (!process.argv.includes('--keep'))
          rmSync(join(work, key), { recursive: true, force: true });
      }
    }
  } finally {
    if (!process.argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
    else process.stderr.write(`kept ${work}\n`);
  }
  const body = table(rows);
  const totals = new Map<string, number>();
  for (const r of rows)
    for (const [k, b] of Object.entries(r.byStorage)) totals.set(k, (totals.get(k) ?? 0) + b);
  const summary =
    `${rows.length} programs; checks pass before and after for ` +
    `${rows.filter((r) => r.before?.ok && r.after?.ok && r.same).length}; ` +
    `bytes saved by default, by storage class: ${storageText(totals)}; stack frames summed ` +
    `${sum(rows.map((r) => r.before?.stack))} B before, ${sum(rows.map((r) => r.after?.stack))} B after; ` +
    `run-time maxLive of the traced arrays allows ` +
    `${rows.reduce((s, r) => s + (r.tracedBytes ?? 0), 0)} bytes.`;
  process.stdout.write(`${body}\n\n${summary}\n`);
  const json = arg('--json');
  if (json) writeFileSync(json, JSON.stringify(rows, null, 2));
  // The embedded suites have a table of their own (`--docs-marker realembedded`).
  if (process.argv.includes('--docs')) {
    const marker = arg('--docs-marker') === 'realembedded' ? 'realembedded' : 'realprograms';
    writeTable(ROOT, marker, `${body}\n\n${summary}`);
  }
}

await withCallContext(main);
