/** The options every analysing subcommand shares (docs/design.md, "Common options"). */
import { Option, type Command } from 'commander';
import type { AnalysisOptions } from '../pipeline/analysis.js';
import path from 'node:path';
import { CompilerChoice } from './compilerChoice.js';
import type { Configuration } from '../pipeline/options.js';
import { configurationSets, namedConfigurations } from '../pipeline/configurations/flags.js';
import { IncludeIndex, type IncludeCommand } from './includers.js';
import {
  collectCodes,
  collectNames,
  collectPromises,
  HEURISTICS,
  MODULO_FORMS,
  parseChoice,
  type HeuristicChoice,
  type ModuloForm,
} from './options.js';
import { UsageError } from './errors.js';
import { DEFAULT_SEARCH_BUDGET_MS } from '../lattice/index.js';
import { PRIVATE_STACK_BYTES } from '../pipeline/wholeProgram/privateStack.js';
import { TARGETS, type Target } from '../pipeline/options.js';
import { nameRecord } from '../poly/nameRecord.js';
import { type DataModel, namedDataModel } from '../frontend/dataModel.js';

export interface AnalysisFlags {
  /** `-D NAME[=VALUE]` as given, in order. */
  define: string[];
  undefine: string[];
  includeDir: string[];
  include: string[];
  isystem: string[];
  std?: string;
  /** `--data-model ilp32|lp64|llp64|ip16`: the target's sizes of long and pointers. */
  dataModel?: string;
  compileCommands?: string;
  p?: string;
  temporary: string[];
  only: string[];
  heuristic: HeuristicChoice;
  modulo: ModuloForm;
  minGain: string;
  target: Target;
  budget: string;
  oracle: string;
  work: string;
  lifetimes: string;
  privateStack: string;
  suppress: string[];
  /** `--configurations "-DA;-DB -DC"`: the configurations the result must hold in. */
  configurations?: string;
  /** `--single-configuration`: the one given by the flags, with its guard. */
  singleConfiguration?: boolean;
}

/** The compiler's view of a file: its flags as cc takes them, and the temporary promises. */
export type CompilerFlags = Pick<
  AnalysisFlags,
  | 'define'
  | 'undefine'
  | 'includeDir'
  | 'include'
  | 'isystem'
  | 'std'
  | 'dataModel'
  | 'compileCommands'
  | 'p'
  | 'temporary'
>;

/** `oracleDefault`: operations of the dynamic oracle unless --oracle says otherwise. */
export function addAnalysisOptions(cmd: Command, oracleDefault = '0'): Command {
  return addCompilerOptions(cmd)
    .addOption(
      new Option('--only <A,B>', 'contract only these arrays')
        .argParser(collectNames)
        .default([], 'all'),
    )
    .option(
      '--heuristic <h>',
      `lattice search: ${HEURISTICS.join('|')}`,
      parseChoice('--heuristic', HEURISTICS),
      'auto',
    )
    .option(
      '--modulo <form>',
      `modulo form: ${MODULO_FORMS.join('|')}`,
      parseChoice('--modulo', MODULO_FORMS),
      'exact',
    )
    .option(
      '--min-gain <percent>',
      'a skewed mapping must save more than this percentage over a simpler one',
      '5',
    )
    .option(
      '--target <core>',
      `the core the program runs on: ${TARGETS.join('|')} (without a divider, a mapping that divides in an inner loop must save more)`,
      parseChoice('--target', TARGETS),
      'default',
    )
    .option(
      '--budget <ms>',
      'budget of the exhaustive lattice search per array, in ms of work on an idle reference machine (counted, not timed: the same result at any load)',
      String(DEFAULT_SEARCH_BUDGET_MS),
    )
    .option('--work <units>', 'work budget of the polyhedral core per array and stage', '1000000')
    .option(
      '--lifetimes <kind>',
      'value: lifetimes of values (write to last read); cell: of cells (Bee), a superset',
      'value',
    )
    .option(
      '--oracle <ops>',
      'operations the dynamic oracle may spend per array, to report maxLive (0: off)',
      oracleDefault,
    )
    .option(
      '--private-stack <bytes>',
      'stack the private arrays of one function (contracted parameters) may take together',
      String(PRIVATE_STACK_BYTES),
    )
    .addOption(
      new Option('--suppress <CODES>', 'hide the findings of these reason codes (docs/reasons.md)')
        .argParser(collectCodes)
        .default([], 'none'),
    );
}

/** `--configurations` and `--single-configuration` (`contract`, `analyze`). */
export function addConfigurationOptions(cmd: Command): Command {
  return cmd
    .option(
      '--configurations <sets>',
      'the result must hold in each of these configurations: sets of -D/-U flags separated by ; (default: every entry of compile_commands.json for the file)',
    )
    .option(
      '--single-configuration',
      'analyse the one configuration the flags give; a function with conditionals gets a guard that stops the other builds',
    );
}

/** The options that give the compiler's view of a file (`model` takes only these). */
export function addCompilerOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '-D, --define <NAME[=VALUE]>',
        'define a macro for the preprocessor as cc -D does; an integer VALUE is also a known size, or fixes a function argument of that name (repeatable)',
      )
        .argParser(collectSpec('-D'))
        .default([], 'none'),
    )
    .addOption(
      new Option('-U, --undefine <NAME>', 'undefine a macro, as cc -U does (repeatable)')
        .argParser(collectSpec('-U'))
        .default([], 'none'),
    )
    .addOption(
      new Option('-I, --include-dir <DIR>', 'add a folder to the include path, as cc -I does')
        .argParser(collect)
        .default([], 'none'),
    )
    .addOption(
      new Option('--isystem <DIR>', 'add a system include folder, as cc -isystem does')
        .argParser(collect)
        .default([], 'none'),
    )
    .addOption(
      new Option('--include <FILE>', 'include FILE first, as cc -include does (also -include)')
        .argParser(collect)
        .default([], 'none'),
    )
    .option('--std <STD>', 'the C standard, as cc -std= (also -std=c99)')
    .option(
      '--data-model <model>',
      "the target's sizes of long, size_t and pointers: ilp32|lp64|llp64|ip16 (default: the compiler's; BC1045)",
    )
    .option('-p <BUILD_DIR>', "take the file's flags from BUILD_DIR/compile_commands.json")
    .option('--compile-commands <FILE>', "take the file's flags from this compile_commands.json")
    .addOption(
      new Option(
        '--temporary <F:A,B>',
        'treat these arrays as temporaries (promise: no value flows in or out); FUNCTION:ARRAY names one array of one function',
      )
        .argParser(collectPromises)
        .default([], 'none'),
    );
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function collectSpec(option: '-D' | '-U') {
  return (spec: string, previous: string[]): string[] => {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(=[\s\S]*)?$/.exec(spec.trim());
    if (!m || (option === '-U' && m[2] !== undefined))
      throw new UsageError(
        `${option} expects ${option === '-D' ? 'NAME[=VALUE]' : 'NAME'}, got '${spec}'`,
      );
    return [...previous, spec.trim()];
  };
}

/** The command line's part of the compiler's view: its flags, and the integer -D values. */
function commandLineView(flags: CompilerFlags): { defines: Record<string, bigint>; cpp: string[] } {
  const defines = nameRecord<bigint>();
  const cpp: string[] = [];
  for (const spec of flags.define) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=\s*(-?[0-9]+)\s*$/.exec(spec);
    // An integer goes through splitDefines (preprocessor, or a fixed argument); the rest
    // only to the preprocessor.
    if (m) defines[m[1]!] = BigInt(m[2]!);
    else cpp.push(`-D${spec}`);
  }
  for (const name of flags.undefine) cpp.push(`-U${name}`);
  for (const dir of flags.includeDir) cpp.push('-I', path.resolve(dir));
  for (const dir of flags.isystem) cpp.push('-isystem', path.resolve(dir));
  for (const f of flags.include) cpp.push('-include', path.resolve(f));
  if (flags.std) cpp.push(`-std=${flags.std}`);
  return { defines, cpp };
}

/**
 * The compiler's view of the file: its flags (`-p` / `--compile-commands` first, then the
 * command line's), and the integer `-D` values that are also known sizes.
 */
export function compilerOptions(
  flags: CompilerFlags,
  file: string,
  choice: CompilerChoice = new CompilerChoice(),
): {
  defines: Record<string, bigint>;
  compiler: Exclude<AnalysisOptions['compiler'], false | undefined>;
} {
  const database = flags.compileCommands ?? flags.p;
  const fromDatabase = database ? choice.compilerFor(database, file) : undefined;
  const { defines, cpp } = commandLineView(flags);
  const dataModel = dataModelFlag(flags) ?? fromDatabase?.dataModel;
  return {
    defines,
    compiler: {
      flags: [...(fromDatabase?.flags ?? []), ...cpp],
      ...(fromDatabase ? { cwd: fromDatabase.cwd } : {}),
      ...(fromDatabase?.cc !== undefined ? { cc: fromDatabase.cc } : {}),
      ...(dataModel !== undefined ? { dataModel } : {}),
    },
  };
}

/** `--data-model`: the user's word on the target's sizes, over the compiler's. */
function dataModelFlag(flags: CompilerFlags): DataModel | undefined {
  if (flags.dataModel === undefined) return undefined;
  const m = namedDataModel(flags.dataModel);
  if (!m)
    throw new UsageError(
      `--data-model expects ilp32, lp64, llp64 or ip16, got '${flags.dataModel}'`,
    );
  return m;
}

/**
 * The configurations the result must hold in: `--configurations` (each set over the file's
 * view), else every entry of the compilation database for the file when it has several;
 * none with `--single-configuration` (the one view, guarded as before).
 */
function configurationsOf(
  flags: AnalysisFlags,
  file: string,
  view: ReturnType<typeof compilerOptions>['compiler'],
  choice: CompilerChoice,
): Configuration[] {
  if (flags.singleConfiguration) return [];
  if (flags.configurations !== undefined) {
    try {
      return namedConfigurations(view, configurationSets(flags.configurations));
    } catch (e) {
      throw new UsageError(`--configurations: ${(e as Error).message}`);
    }
  }
  const database = flags.compileCommands ?? flags.p;
  const entries = database ? choice.everyCompilerFor(database, file) : [];
  if (entries.length < 2) return [];
  const { cpp } = commandLineView(flags);
  const given = dataModelFlag(flags);
  const own = entries.map((e) => e.flags.filter((f) => /^-[DU]/.test(f)));
  return entries.map((e, k) => {
    const dataModel = given ?? e.dataModel;
    // Named by the -D/-U flags that set it apart from the other entries.
    const distinct = own[k]!.filter((f) => !own.every((o) => o.includes(f)));
    return {
      label: distinct.join(' ') || `entry ${k + 1} of the compilation database`,
      compiler: {
        flags: [...e.flags, ...cpp],
        cwd: e.cwd,
        ...(e.cc !== undefined ? { cc: e.cc } : {}),
        ...(dataModel !== undefined ? { dataModel } : {}),
      },
    };
  });
}

function number(option: string, text: string, min: number, max: number): number {
  const v = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !Number.isFinite(v) || v < min || v > max) {
    throw new UsageError(`${option} expects a number from ${min} to ${max}, got '${text}'`);
  }
  return v;
}

/**
 * `--min-gain` in percent (`5` or `5%`), as everywhere (the configuration's `minGain`, the
 * library's and `lattice --min-gain`), as the fraction the lattice search takes.
 */
export function gainFraction(text: string): number {
  return number('--min-gain', text.trim().replace(/%$/, ''), 0, 100) / 100;
}

/**
 * The files of the program as the command line shows them (`roots`, and the compilation
 * database's files with `-p`), to find which of them include a file (includers.ts).
 */
export function programIncludes(
  flags: AnalysisFlags,
  roots: readonly string[],
  choice: CompilerChoice = new CompilerChoice(),
): IncludeIndex {
  const database = flags.compileCommands ?? flags.p;
  if (!database) return new IncludeIndex(roots);
  const db = choice.database(database);
  // A file's own entries say where its includes are looked up (a neighbour's do not).
  const commands = new Map<string, IncludeCommand[]>();
  for (const e of db.entries) {
    const list = commands.get(e.file);
    const c = { args: e.args, directory: e.directory };
    if (list) list.push(c);
    else commands.set(e.file, [c]);
  }
  return new IncludeIndex([...roots, ...db.files()], (f) => commands.get(path.resolve(f)) ?? []);
}

/** `choice`: the run's compilation databases and warnings (compilerChoice.ts). */
export function analysisOptions(
  flags: AnalysisFlags,
  file?: string,
  includes: IncludeIndex | undefined = file ? programIncludes(flags, [file]) : undefined,
  choice: CompilerChoice = new CompilerChoice(),
): AnalysisOptions {
  const view = compilerOptions(flags, file ?? '.', choice);
  const includedBy = file && includes ? includes.includersOf(file) : [];
  const configurations = file ? configurationsOf(flags, file, view.compiler, choice) : [];
  return {
    ...(configurations.length > 0 ? { configurations } : {}),
    ...(includedBy.length > 0 ? { includedBy } : {}),
    defines: view.defines,
    compiler: view.compiler,
    temporaries: flags.temporary,
    only: flags.only,
    heuristic: flags.heuristic,
    modulo: flags.modulo,
    minGain: gainFraction(flags.minGain),
    ...(flags.target !== 'default' ? { target: flags.target } : {}),
    budgetMs: number('--budget', flags.budget, 0, 3_600_000),
    oracleOperations: number('--oracle', flags.oracle, 0, 1e10),
    workUnits: number('--work', flags.work, 1, 1e12),
    lifetimes: lifetimesKind(flags.lifetimes),
    privateStackBytes: bytes('--private-stack', flags.privateStack),
    ...(flags.suppress.length > 0 ? { suppress: flags.suppress } : {}),
  };
}

/** A whole number of bytes (up to 1 TiB). */
function bytes(option: string, text: string): number {
  const v = Number(text);
  if (!/^\d+$/.test(text.trim()) || v > 2 ** 40)
    throw new UsageError(`${option} expects a number of bytes from 0 to 2^40, got '${text}'`);
  return v;
}

function lifetimesKind(text: string): 'value' | 'cell' {
  if (text !== 'value' && text !== 'cell') {
    throw new UsageError(`--lifetimes expects value or cell, got '${text}'`);
  }
  return text;
}
