/**
 * CPU per file of `contract --check --jobs 1 --no-cache` over real code bases (issue 17,
 * "many files": an ordinary file must cost well under 50 ms of CPU), for the `many` step of
 * `npm run bench` or alone: `node dist/scripts/bench/manyCpu.js [CORPUS]`.
 *
 * CORPUS (or $BEECLAK_BENCH_CORPUS) holds MachSuite (breagen/MachSuite) and CMSIS-DSP
 * (ARM-software/CMSIS-DSP) checkouts; a missing one is left out. Files: every MachSuite
 * kernel and test driver (27: `<kernel>/<variant>/*.c` but generate.c and local_support.c,
 * `-I common`), and the first 100 `.c` files of CMSIS-DSP/Source (its host build:
 * `-D__GNUC_PYTHON__ -I ../Include -I ../PrivateInclude`).
 *
 * Per code base:
 *   - the CLI in one process, as a pre-commit hook runs it: CPU of the process and of the
 *     preprocessors it ran (the shell's `times`), divided by the files; start-up included;
 *   - in a new process, file after file as the CLI does: CPU of the analysis per file
 *     (median, max; the preprocessor's CPU is not in it), with files that have no candidate
 *     left unmodelled as the CLI does (src/frontend/noCandidate.ts) and, for comparison, with
 *     every file modelled (the path of every file before that pre-filter).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeOf } from '../../src/model/reasons.js';
import { contractSource, type ContractOptions } from '../../src/pipeline/contraction.js';
import { cFiles } from './many.js';
import { releaseParsedTrees } from '../../src/frontend/parse.js';
import { markdownTable, median, ms } from './util.js';

export interface ManyCpuRow {
  readonly base: string;
  readonly files: number;
  /** CLI: (process + preprocessor) CPU / files, in ms. */
  readonly cliMsPerFile: number;
  /** Of which the preprocessor (the CLI's child processes), in ms per file. */
  readonly ccMsPerFile: number;
  /** In-process analysis CPU per file, pre-filter on: median and max (ms). */
  readonly median: number;
  readonly max: number;
  /** The same with every file modelled. */
  readonly fullMedian: number;
  readonly fullMax: number;
  readonly unmodelled: number;
}

interface Base {
  readonly name: string;
  readonly cwd: string;
  readonly files: string[];
  readonly flags: string[];
}

/** `contract`'s options when none is given (`--oracle 0`, no promise). */
const CLI_DEFAULTS: Omit<ContractOptions, 'compiler'> = {
  heuristic: 'auto',
  modulo: 'exact',
  oracleOperations: 0,
  annotate: false,
  ...{ defines: {}, temporaries: [], only: [] },
};

function bases(corpus: string): Base[] {
  const out: Base[] = [];
  const ms = join(corpus, 'MachSuite');
  if (existsSync(join(ms, 'common'))) {
    const files: string[] = [];
    for (const k of readdirSync(ms).sort())
      for (const v of statSync(join(ms, k)).isDirectory() ? readdirSync(join(ms, k)).sort() : [])
        if (statSync(join(ms, k, v)).isDirectory() && k !== 'common')
          for (const f of readdirSync(join(ms, k, v)).sort())
            if (f.endsWith('.c') && f !== 'generate.c' && f !== 'local_support.c')
              files.push(join(k, v, f));
    out.push({ name: 'MachSuite', cwd: ms, files, flags: ['-I', 'common'] });
  }
  const dsp = join(corpus, 'CMSIS-DSP', 'Source');
  if (existsSync(dsp))
    out.push({
      name: 'CMSIS-DSP',
      cwd: dsp,
      files: cFiles(dsp)
        .slice(0, 100)
        .map((f) => f.slice(dsp.length + 1)),
      flags: ['-D__GNUC_PYTHON__', '-I', '../Include', '-I', '../PrivateInclude'],
    });
  return out;
}

/** `times` of a POSIX shell: the shell's, then its children's user and system time. */
function childSeconds(times: string): number {
  const rows = times.trim().split('\n');
  const t = (rows[rows.length - 1] ?? '').match(/(\d+)m([\d.]+)s/g) ?? [];
  return t
    .map((x) => /(\d+)m([\d.]+)s/.exec(x)!)
    .reduce((s, m) => s + Number(m[1]) * 60 + Number(m[2]), 0);
}

function cli(root: string, b: Base): { total: number; cc: number } {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const args = [
    process.execPath,
    join(root, 'bin', 'beeclak.js'),
    'contract',
    '--check',
    '--jobs',
    '1',
    '--no-cache',
    ...b.flags,
    ...b.files,
  ];
  // Children of the CLI (the preprocessor) are counted in its own children's time when it
  // waits for them; the CLI's own CPU is then the shell's children's time minus theirs.
  const run = (cmd: string) =>
    childSeconds(
      spawnSync('sh', ['-c', `${cmd} >/dev/null 2>&1; times`], { cwd: b.cwd, encoding: 'utf8' })
        .stdout,
    );
  const total = run(args.map(quote).join(' '));
  const cc = spawnSync(
    'sh',
    [
      '-c',
      `for f in ${b.files.map(quote).join(' ')}; do ${process.env.CC ?? 'cc'} -E -dD ${b.flags.map(quote).join(' ')} -iquote "$(dirname "$f")" -x c - < "$f" >/dev/null 2>&1; done; times`,
    ],
    { cwd: b.cwd, encoding: 'utf8' },
  ).stdout;
  return { total: (total * 1000) / b.files.length, cc: (childSeconds(cc) * 1000) / b.files.length };
}

async function inProcess(b: Base, skip: boolean): Promise<{ cpu: number[]; unmodelled: number }> {
  const cpu: number[] = [];
  let unmodelled = 0;
  const here = process.cwd();
  process.chdir(b.cwd);
  try {
    for (const file of b.files) {
      const source = readFileSync(file, 'latin1');
      const c0 = process.cpuUsage();
      try {
        const r = await contractSource(source, file, {
          ...CLI_DEFAULTS,
          compiler: { flags: b.flags },
          skipWithoutCandidates: skip,
        });
        if (r.analysis.report.diagnostics.some((d) => d.code === codeOf('no-candidate-in-file')))
          unmodelled++;
      } catch {
        /* refused: counted as it costs */
      }
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      await releaseParsedTrees();
    }
  } finally {
    process.chdir(here);
  }
  return { cpu, unmodelled };
}

/** One pass over the files in a new process (JIT, caches and memory as in one CLI run). */
function pass(b: Base, skip: boolean): { cpu: number[]; unmodelled: number } {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child'], {
    env: { ...process.env, BEECLAK_MANY_CPU: JSON.stringify({ ...b, skip }) },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (r.status !== 0) throw new Error(`manyCpu child failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { cpu: number[]; unmodelled: number };
}

export function benchManyCpu(root: string, corpus?: string): ManyCpuRow[] {
  const dir = corpus ?? process.env.BEECLAK_BENCH_CORPUS;
  if (!dir) return [];
  const rows: ManyCpuRow[] = [];
  for (const b of bases(resolve(dir))) {
    const c = cli(root, b);
    const quick = pass(b, true);
    const full = pass(b, false);
    rows.push({
      base: b.name,
      files: b.files.length,
      cliMsPerFile: c.total,
      ccMsPerFile: c.cc,
      median: median(quick.cpu),
      max: Math.max(...quick.cpu),
      fullMedian: median(full.cpu),
      fullMax: Math.max(...full.cpu),
      unmodelled: quick.unmodelled,
    });
  }
  return rows;
}

export function manyCpuTable(rows: readonly ManyCpuRow[]): string {
  return markdownTable(
    [
      'code base',
      'files:',
      'unmodelled:',
      'CLI CPU ms per file:',
      'of which cc -E:',
      'analysis CPU ms per file, median / max:',
      'every file modelled, median / max:',
    ],
    rows.map((r) => [
      r.base,
      r.files,
      r.unmodelled,
      ms(r.cliMsPerFile),
      ms(r.ccMsPerFile),
      `${ms(r.median)} / ${ms(r.max)}`,
      `${ms(r.fullMedian)} / ${ms(r.fullMax)}`,
    ]),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--child') {
    const spec = JSON.parse(process.env.BEECLAK_MANY_CPU!) as Base & { skip: boolean };
    process.stdout.write(JSON.stringify(await inProcess(spec, spec.skip)));
  } else {
    const root = resolve(fileURLToPath(import.meta.url), '../../../..');
    const rows = benchManyCpu(root, process.argv[2]);
    process.stdout.write(rows.length ? manyCpuTable(rows) + '\n' : 'no corpus (see the header)\n');
  }
}
