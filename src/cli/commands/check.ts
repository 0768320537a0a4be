/**
 * `beeclak check FILE.c [--against OTHER.c] [-- ARGS...]`: contract FILE.c (or take OTHER.c
 * as the candidate), compile original and candidate, run both with the same arguments and
 * stdin, each in its own empty working folder, compare exit status, stdout, stderr and the
 * files written, then run the shadow-owner build of the contracted
 * program, in which every read must find its own cell as the last writer of its slot.
 * With --against that build is the candidate's own text, its accesses of folded arrays
 * paired with the original's (pairAccesses.ts); an array that cannot be paired is not
 * checked, and the output says so.
 *
 * Exit 0 when everything matches; 3 when a difference or a clobbered read was found; 1 when
 * the input itself is at fault (it does not compile, or fails on its own).
 */
import { CompilerChoice } from '../compilerChoice.js';
import { RunNotices } from '../notices.js';
import type { Command } from 'commander';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setExitCode, type Io } from '../io.js';
import { contractSource } from '../../pipeline/contraction.js';
import {
  addAnalysisOptions,
  analysisOptions,
  programIncludes,
  type AnalysisFlags,
} from '../analysisFlags.js';
import { readCSource, readSource } from '../sourceFile.js';
import { writeOutput } from '../outputFile.js';
import { languageOf } from '../../frontend/language.js';
import { formatJson } from '../../pipeline/report.js';
import { InputError, UsageError } from '../errors.js';
import {
  compile,
  describeExit,
  run,
  runDifferences,
  type IncludedFrom,
  type RunResult,
} from '../../pipeline/checking/compileRun.js';
import { IncludeIndex } from '../includers.js';
import { programSetting, readIncluded, type IncludedReading } from '../includedFile.js';
import type { ContractOptions } from '../../pipeline/contraction.js';
import { programFlags } from '../programFlags.js';
import { codeOf } from '../../model/reasons.js';
import { analyzeSource } from '../../pipeline/analysis.js';
import {
  pairFoldedArrays,
  type FoldPairing,
  type SourceInput,
} from '../../pipeline/checking/pairAccesses.js';
import { reportWithTraced, traceCheckLines } from '../../pipeline/checking/traceCheckLines.js';
import { instrument } from '../../rewrite/index.js';
import { ownerCheck, type OwnerRun } from './ownerCheck.js';
import { isGuard } from '../../pipeline/configurations/combinedGuards.js';
import { perIncluder } from '../../pipeline/checking/includerBuilds.js';
import { includerRefusals } from '../../pipeline/configurations/unityGuards.js';

interface CheckFlags extends AnalysisFlags {
  against?: string;
  stdin?: string;
  timeout: string;
  sanitize: boolean;
  keep?: boolean;
  trace?: boolean;
  reportFile?: string;
  timings?: boolean;
  cflags?: string;
  with: string[];
  hls?: boolean;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

const CHECK_MISMATCH_EXIT = 3;

/** The linker's words for a program without `main` (GNU ld, lld, Apple's ld). */
const NO_MAIN =
  /undefined reference to [`']main'|undefined symbol: main\b|"_main", referenced from/;

/**
 * Why the original cannot be checked. A kernel file without `main` links to no program:
 * "does not compile" read as a fault of the code, where the program's `main` is only missing.
 */
function originalRefused(file: string, diagnostics: string, withFiles: boolean): InputError {
  if (NO_MAIN.test(diagnostics))
    return new InputError(
      `check runs the program, and ${withFiles ? 'neither this file nor the --with files have' : 'this file has no'} ` +
        `main(): give the file that has main with --with (beeclak check ${file} --with main.c), ` +
        `or check a copy of the kernel with a small main that calls it`,
      file,
    );
  return new InputError(`the original does not compile:\n${diagnostics.trim()}`, file);
}

export function registerCheck(program: Command, io: Io): void {
  const cmd = program
    .command('check')
    .description('contract, compile and run original and result, compare, and check slot owners')
    .argument('<file>', 'C source file')
    .argument('[args...]', 'arguments for both programs (after --)')
    .option(
      '--against <file>',
      'take this file as the contracted candidate (e.g. a hand-folded version)',
    )
    .option('--stdin <file>', 'feed this file to both programs on standard input (default: empty)')
    .option('--timeout <seconds>', 'time limit for each run', '20')
    .option('--no-sanitize', 'do not build with -fsanitize=address,undefined')
    .option('--trace', 'also trace the run and compare its folded accesses with the model')
    .option('--keep', 'keep the temporary directory with the programs built')
    .option('--report-file <file>', 'write the JSON report of the contraction to this file')
    .option('--timings', 'with --report-file: also the time of each stage (differs between runs)')
    .option('--cflags <flags>', "compiler flags for both programs (e.g. '-I utilities -DN=100')")
    .option(
      '--with <file.c>',
      'another source file to build into both programs (repeatable)',
      collect,
      [],
    )
    .option(
      '--hls',
      'contract in HLS mode (see contract --hls); with a C++ kernel, build it and its testbench (--with) with $CXX',
    );
  addAnalysisOptions(cmd).action((file: string, args: string[], flags: CheckFlags, self: Command) =>
    runCheck(io, file, args, flags, self),
  );
}

/** What every step of one `check` shares: its input, its temporary folder, its findings. */
interface CheckRun {
  readonly file: string;
  readonly args: string[];
  readonly flags: CheckFlags;
  readonly source: string;
  readonly choice: CompilerChoice;
  readonly stdin: string;
  readonly timeout: number;
  /** The contraction checked, or undefined with --against. */
  readonly contraction: Contraction | undefined;
  readonly candidate: string;
  readonly candidateName: string;
  readonly dir: string;
  readonly say: (s: string) => void;
  /** The failures found so far, in the order they are printed. */
  readonly problems: string[];
  /**
   * The files that include this one and build it (a unity build), if any: its host first,
   * then the other units that include it (each builds it: each is built and compared).
   */
  readonly hosts?: readonly string[];
}

type Contraction = Awaited<ReturnType<typeof contractSource>>;

/** The action of `check`: prepare the candidate, check it in a temporary folder, conclude. */
async function runCheck(
  io: Io,
  file: string,
  args: string[],
  flags: CheckFlags,
  self: Command,
): Promise<void> {
  const timeout = Number(flags.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new UsageError(`--timeout expects seconds > 0, got '${flags.timeout}'`);
  const source = await readCSource(file);
  const choice = new CompilerChoice(new RunNotices(io));
  const stdin = flags.stdin ? await readSource(flags.stdin) : '';
  const includes = programIncludes(flags, [file, ...flags.with], choice);
  const own = { ...analysisOptions(flags, file, includes, choice), annotate: false };
  // A file another .c file includes is read, and built, as that file builds it.
  const included = await readIncluded(
    file,
    source,
    own,
    programSetting(flags, [file], choice, includes, false),
    (f) => ({ ...analysisOptions(flags, f, includes, choice), annotate: false }),
  );
  const hosts = included && throughHosts(file, included, !!flags.against);
  // Several includers: the arrays their readings change otherwise are refused (as contract does).
  const refused = hosts && hosts.length > 1 ? includerRefusals(included!.outcome.report) : [];
  const options = included?.options ?? own;
  const contraction = flags.against
    ? undefined
    : await contractFile(
        source,
        file,
        flags,
        refused.length > 0 ? { ...options, configurationRefusals: refused } : options,
      );
  // Several includers: the text contract writes holds for each (their readings merged).
  const candidate = flags.against
    ? await readSource(flags.against)
    : hosts && hosts.length > 1
      ? included!.outcome.text
      : contraction!.text;
  const candidateName = flags.against ?? `${file} (contracted)`;
  if (contraction && flags.reportFile)
    await writeOutput(
      flags.reportFile,
      formatJson([contraction.analysis.report], { timings: !!flags.timings }),
    );

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'beeclak-check-'));
  const problems: string[] = [];
  const say = (s: string) => io.stdout(s + '\n');
  const ctx: CheckRun = {
    file,
    args,
    flags,
    source,
    choice,
    stdin,
    timeout,
    contraction,
    candidate,
    candidateName,
    dir,
    say,
    problems,
    ...(hosts ? { hosts } : {}),
  };
  try {
    await checkInFolder(ctx);
  } finally {
    if (flags.keep) io.stderr(`beeclak: programs kept in ${dir}\n`);
    else await fs.rm(dir, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    for (const p of problems) io.stdout(`  FAIL: ${p}\n`);
    io.stdout('check failed\n');
    setExitCode(self, CHECK_MISMATCH_EXIT);
  } else io.stdout('ok\n');
}

/** The contraction `check` compares with the original (without --against). */
function contractFile(
  source: string,
  file: string,
  flags: CheckFlags,
  options: ContractOptions,
): Promise<Contraction> {
  return contractSource(source, file, { ...options, ...(flags.hls ? { hls: true } : {}) });
}

/**
 * The files that build an included file (its host first, then the other units that include
 * it): their programs are the ones run. A file the unity rules keep as written is not
 * checked (what `contract` would write is the file itself).
 */
function throughHosts(file: string, r: IncludedReading, against: boolean): string[] {
  if (r.verdict.kind !== 'through' || (r.kept && !against)) {
    const why = r.kept ?? r.outcome.report.diagnostics[0];
    throw new InputError(
      `this file is included by another and contract leaves it as written: ${why?.message ?? ''}${why ? ` [${why.code}]` : ''}`,
      file,
    );
  }
  return [r.verdict.host, ...(r.verdict.others ?? [])];
}

/** The steps of `check` inside its temporary folder: builds and runs, owner check, trace. */
async function checkInFolder(ctx: CheckRun): Promise<void> {
  const { file, flags, contraction, say } = ctx;
  if (contraction) {
    const n = contraction.analysis.decisions.length;
    say(`check ${file}: ${n} array${n === 1 ? '' : 's'} contracted`);
  } else say(`check ${file} against ${flags.against}`);
  const setup = await buildSetup(ctx);
  for (const build of await includerBuilds(ctx, setup)) {
    if (build.includedFrom)
      say(
        `  built through ${build.includers.map((f) => path.relative('.', f)).join(', ')}, which include${build.includers.length === 1 ? 's' : ''} it`,
      );
    const { original, candidateCompiles } = await compareRuns(ctx, build);
    await checkOwners(ctx, build, original, candidateCompiles);
  }
  // The traced build compiles the file alone: one read inside its includer does not.
  if (flags.trace && contraction && ctx.hosts)
    say(
      `  trace: not run (${file} is read inside ${ctx.hosts[0]}, the traced build compiles it alone)`,
    );
  else if (flags.trace && contraction) await traceCheck(ctx, setup, contraction);
}

/**
 * The builds that compile the file: one, or, when several files include it and do not link
 * into one program with the original (each has its main), one per includer
 * (includerBuilds.ts). Every includer compiles the file under its own macros: each is run.
 */
async function includerBuilds(ctx: CheckRun, build: BuildSetup): Promise<BuildSetup[]> {
  if (build.includers.length < 2) return [build];
  const joint = await compile(ctx.source, 'original', ctx.dir, compileOptions(ctx, build));
  return joint.ok ? [build] : perIncluder(build);
}

/** How both programs are built: the program's flags, the other sources, the includers. */
interface BuildSetup {
  readonly extraFlags: string[];
  readonly extraSources: string[];
  /** The sources that include the checked file (and so are how it is compiled). */
  readonly includers: string[];
  readonly includedFrom: IncludedFrom | undefined;
  readonly language: ReturnType<typeof languageOf>;
}

/** The build of both programs: flags, --with sources, and the database's includers (-p). */
async function buildSetup(ctx: CheckRun): Promise<BuildSetup> {
  const { flags, file, source, choice } = ctx;
  // The program's own flags (programFlags.ts), for every build below.
  const extraFlags = programFlags(flags, file, source, choice);
  const given = flags.with.map((f) => path.resolve(f));
  // With -p, a file of the database that includes this one (a unity build) is built
  // too: it is how the program compiles this file.
  const database = flags.compileCommands ?? flags.p;
  const fromDatabase = database
    ? programIncludes(flags, [], choice)
        .includersOf(file)
        .map((f) => path.resolve(f))
        .filter((f) => choice.database(database).files().includes(f) && !given.includes(f))
    : [];
  // The files that include this one (includedFile.ts) are how the program compiles it.
  const host = (ctx.hosts ?? [])
    .map((h) => path.resolve(h))
    .filter((h) => ![...given, ...fromDatabase].includes(h));
  const extraSources = [...given, ...fromDatabase, ...host];
  await checkSourcesReadable(extraSources);
  // A source given with --with that includes this file is what the build compiles.
  const includers = [
    ...new IncludeIndex(given)
      .includersOf(file)
      .map((f) => path.resolve(f))
      .filter((f) => given.includes(f)),
    ...fromDatabase,
    ...host,
  ];
  // The files on the way from the includers to this one are copied with them (compileRun.ts).
  const via =
    includers.length > 0 ? programIncludes(flags, given, choice).includingChain(file) : [];
  const includedFrom = includers.length > 0 ? { file, includers, via } : undefined;
  return { extraFlags, extraSources, includers, includedFrom, language: languageOf(file) };
}

/** Refuses a --with (or database) source that cannot be read, before any build. */
async function checkSourcesReadable(extraSources: readonly string[]): Promise<void> {
  for (const f of extraSources)
    await fs.access(f).catch(() => {
      throw new InputError(`cannot read ${f} (given with --with)`);
    });
}

/** How `build` compiles the original and the candidate. */
function compileOptions(ctx: CheckRun, build: BuildSetup) {
  return {
    sanitize: ctx.flags.sanitize,
    extraFlags: build.extraFlags,
    extraSources: build.extraSources,
    includedFrom: build.includedFrom,
    language: build.language,
  };
}

/**
 * Builds and runs the original (which must work on its own), then the candidate, and
 * records how their runs differ. Returns the original's run and whether the candidate built.
 */
async function compareRuns(
  ctx: CheckRun,
  build: BuildSetup,
): Promise<{ original: RunResult; candidateCompiles: boolean }> {
  const { file, flags, source, args, stdin, timeout, dir, say, problems } = ctx;
  const opts = compileOptions(ctx, build);
  // Each program runs in its own empty working folder: the files it writes are compared.
  const runIn = (name: string) => path.join(dir, `run-${name}`);
  const orig = await compile(source, 'original', dir, opts);
  if (!orig.ok) throw originalRefused(file, orig.diagnostics, flags.with.length > 0);
  // The original runs once; the candidate and the owner-check build compare with it.
  const a = run(orig.exe, args, stdin, timeout * 1000, runIn('original'));
  if (a.timedOut || a.signal)
    throw new InputError(`the original program ${describeExit(a)} on its own`, file);
  const cand = await compile(ctx.candidate, 'candidate', dir, opts);
  say(`  compile: ${orig.command}`);
  if (!cand.ok) {
    problems.push(`${ctx.candidateName} does not compile:\n${cand.diagnostics.trim()}`);
  } else {
    const b = run(cand.exe, args, stdin, timeout * 1000, runIn('candidate'));
    const differences = runDifferences(a, b);
    if (differences.length > 0) {
      problems.push(`outputs differ:\n    ${differences.join('\n    ')}`);
    } else
      say(
        `  run: identical output (${describeExit(a)}, stdout ${a.stdout.length} bytes, ` +
          `stderr ${a.stderr.length} bytes, ${a.files?.size ?? 0} file(s) written)`,
      );
  }
  return { original: a, candidateCompiles: cand.ok };
}

/** The shadow-owner check of the contraction or of the --against candidate, if it applies. */
async function checkOwners(
  ctx: CheckRun,
  build: BuildSetup,
  original: RunResult,
  candidateCompiles: boolean,
): Promise<void> {
  const { file, flags, source, contraction, say, problems } = ctx;
  const owners: OwnerRun = {
    dir: ctx.dir,
    args: ctx.args,
    stdin: ctx.stdin,
    timeoutMs: ctx.timeout * 1000,
    original,
    say,
    extraFlags: build.extraFlags,
    extraSources: build.extraSources,
    includedFrom: build.includedFrom,
  };
  if (build.language === 'c++' && (flags.against || contraction?.plan.arrays.length)) {
    // The shadow build's instrumentation is C (issue 30: not yet for C++ kernels).
    say('  owner check: not run for C++ (the outputs of the testbench were compared)');
  } else if (contraction && contraction.plan.arrays.length > 0) {
    // Readings of several includers merged: the code is the same in each, the guards are
    // the merge's (each reading's own stops the others' builds).
    const merged = ctx.candidate !== contraction.text;
    const insertions = (contraction.plan.insertions ?? []).filter((i) => !merged || !isGuard(i));
    const shadow = instrument({
      ...contraction.plan,
      insertions,
      fileName: file,
      helpersApart: true,
    });
    const problem = await ownerCheck(shadow, owners, async (array) =>
      contraction.analysis.report.arrays.some(
        (x) => x.name === array && x.warnings.some((w) => w.code === READ_BEFORE_WRITE),
      ),
    );
    if (problem) problems.push(problem);
  } else if (flags.against) {
    const problem = await againstOwnerCheck(
      { text: source, file },
      { text: ctx.candidate, file: flags.against },
      candidateCompiles,
      owners,
      (array) => originalReadsFirst(ctx, array),
    );
    if (problem) problems.push(problem);
  }
}

/**
 * Whether the original reads `array` before writing it. Only asked after a clobber: the
 * analysis of that one array says so.
 */
async function originalReadsFirst(ctx: CheckRun, array: string): Promise<boolean> {
  const { source, file, flags, choice } = ctx;
  try {
    const analysis = await analyzeSource(source, file, {
      ...analysisOptions(flags, file, undefined, choice),
      only: [array],
    });
    return analysis.report.arrays.some(
      (x) => x.name === array && x.warnings.some((w) => w.code === READ_BEFORE_WRITE),
    );
  } catch {
    return false;
  }
}

/** --trace: compares the traced run's folded accesses with the model (traceCheckLines.ts). */
async function traceCheck(
  ctx: CheckRun,
  build: BuildSetup,
  contraction: Contraction,
): Promise<void> {
  const { flags, args } = ctx;
  // The trace build links what the program's build links: the --with sources (and
  // the database's), except a file that includes this one (it would define all twice).
  const linked = build.extraSources.filter((f) => !build.includers.includes(f));
  const traced = {
    runs: [args],
    stdin: ctx.stdin,
    timeoutMs: ctx.timeout * 1000,
    flags: [...build.extraFlags, ...linked],
  };
  const t = await traceCheckLines(
    ctx.source,
    ctx.file,
    contraction.analysis.model,
    traced,
    ctx.say,
  );
  ctx.problems.push(...t.problems);
  if (flags.reportFile) {
    // The report again, with each traced array's values live at once in the run.
    const report = reportWithTraced(contraction.analysis.report, t.arrays, [args]);
    await writeOutput(flags.reportFile, formatJson([report], { timings: !!flags.timings }));
  }
}

/** The code of a read of a cell before any write of it (docs/reasons.md). */
const READ_BEFORE_WRITE = codeOf('read-before-write');

/**
 * The owner check of a hand-folded candidate: its accesses of folded arrays are paired
 * with the original's (pairAccesses.ts); an array that cannot be paired is not checked,
 * and the output says so and why (a note, not a failure: the outputs were compared).
 */
async function againstOwnerCheck(
  original: SourceInput,
  candidate: SourceInput,
  compiles: boolean,
  ownerRun: OwnerRun,
  exposed: (array: string) => Promise<boolean>,
): Promise<string | undefined> {
  const { say } = ownerRun;
  if (!compiles) {
    say('  owner check: not run (the candidate does not compile)');
    return undefined;
  }
  let pairing: FoldPairing;
  try {
    pairing = pairFoldedArrays(original, candidate);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    say(`  note: owner check skipped: ${e.message}`);
    return undefined;
  }
  for (const s of pairing.skipped)
    say(`  note: owner check skipped for ${s.name} (${s.scope}): ${s.reason}`);
  if (pairing.arrays.length === 0) {
    say(
      pairing.skipped.length > 0
        ? '  owner check: no folded array left to check'
        : `  owner check: no array is declared differently in ${candidate.file}: nothing to check`,
    );
    return undefined;
  }
  say(`  owner check of ${candidate.file}: ${pairing.arrays.map((x) => x.name).join(', ')}`);
  const shadow = instrument({
    source: candidate.text,
    arrays: pairing.arrays,
    modulo: 'exact',
    annotate: false,
    fileName: candidate.file,
    slots: 'as-written',
    helpersApart: true,
  });
  return ownerCheck(shadow, ownerRun, exposed);
}
