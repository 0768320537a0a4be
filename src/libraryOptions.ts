/**
 * The library's options (`analyze`, `contract`): what a caller may pass, checked at run time,
 * and turned into the pipeline's options.
 *
 * Checked because most callers are JavaScript, or TypeScript through `any` (a configuration
 * read from JSON): a wrong type used to surface deep in the pipeline as an "internal error"
 * or, worse, be ignored (`defines: { N: 100 }` with a number where a bigint was expected).
 * Each wrong option throws an OptionError that names it.
 */
import type { AnalysisOptions } from './pipeline/analysis.js';
import { DEFAULT_WORK_UNITS } from './pipeline/analysis.js';
import { HEURISTICS, MODULO_FORMS } from './pipeline/options.js';
import { TARGETS, type Target } from './pipeline/options.js';
import type { HeuristicChoice, ModuloForm } from './pipeline/options.js';
import { DEFAULT_SEARCH_BUDGET_MS } from './lattice/index.js';
import { nameRecord } from './poly/nameRecord.js';
import { reasonNamed } from './model/reasons.js';
import { namedDataModel } from './frontend/dataModel.js';
import type { PreprocessOptions } from './frontend/preprocess.js';
import { configurationFlags, namedConfigurations } from './pipeline/configurations/flags.js';

/**
 * How the C text is read: by the compiler's preprocessor (`$CC -E`), with these settings.
 * Include paths and macros go in `flags`, in the compiler's own spelling:
 * `{ flags: ['-I', 'include', '-DN=64', '-std=c99'] }`.
 */
export interface CompilerOptions {
  /** The compiler (default `$CC`, else `cc`). */
  readonly cc?: string;
  /** Preprocessor flags: `-I DIR`, `-isystem DIR`, `-DNAME=VALUE`, `-UNAME`, `-include FILE`, `-std=c99`. */
  readonly flags?: readonly string[];
  /** The folder the compiler runs in (where relative `-I` folders are found). */
  readonly cwd?: string;
  /**
   * The target's data model, as `--data-model` (docs/usage.md): the sizes of int, long and
   * pointers when the compiler that runs is not the target's (the default: what the
   * compiler's predefined macros say). Plain char's signedness is then not known.
   */
  readonly dataModel?: DataModelName;
}

/** A data model by name: `ilp32` (32-bit cores: ARM, RISC-V 32, i386), `lp64`, `llp64`, `ip16`. */
export type DataModelName = 'ilp32' | 'lp64' | 'llp64' | 'ip16';
const DATA_MODELS: readonly DataModelName[] = ['ilp32', 'lp64', 'llp64', 'ip16'];

/** Lifetimes of values (last writer to last read, the default) or of cells (Bee's, a superset). */
export type LifetimeKind = 'value' | 'cell';

/** Options of `analyze` and `contract`, with the command line's defaults. */
export interface Options {
  /** The name used in the report and in error locations (default `input.c`). */
  file?: string;
  /**
   * Parameter values, as `-D NAME=VALUE` (`{ N: 100 }`, or a bigint `{ N: 100n }` for values
   * past 2^53). A macro's value for the analysis; the compiler gets them through `flags`.
   */
  defines?: Readonly<Record<string, number | bigint>>;
  /** Arrays to treat as temporaries though they escape (parameters, globals), as `--temporary`. */
  temporaries?: readonly string[];
  /** Analyse only these arrays (`function:array` or `array`), as `--only`. */
  only?: readonly string[];
  /** The lattice heuristic (default `auto`). */
  heuristic?: HeuristicChoice;
  /** `exact` moduli (default) or `pow2` (rounded up to powers of two: masks, no division). */
  modulo?: ModuloForm;
  /**
   * In percent, as `--min-gain` and the configuration file (default 5): a skewed mapping is
   * taken only when it saves more than this percentage over the best simple one.
   */
  minGain?: number;
  /**
   * Arrays whose contraction would save no more bytes than this are left as written, as
   * `--min-bytes` (default 0).
   */
  minBytes?: number | bigint;
  /**
   * The core the program runs on, as `--target` (default `default`: a hardware divider;
   * `cortex-m0`: none, a mapping that divides in an inner loop must save more).
   */
  target?: Target;
  /** Time budget of the exhaustive lattice search, per array, in milliseconds. */
  budgetMs?: number;
  /** Operations the dynamic oracle may spend per array (0, the default: do not run it). */
  oracleOperations?: number | bigint;
  /** Work units of the polyhedral core per array and stage. */
  workUnits?: number | bigint;
  /** Lifetimes of values (default) or of cells. */
  lifetimes?: LifetimeKind;
  /**
   * How the text is read: by the compiler (the default, `$CC -E`; `#include "x.h"` is looked
   * up next to `file`), or `false` for the text itself (no file system, no compiler).
   */
  compiler?: CompilerOptions | false;
  /** HLS mode: constant sizes, power-of-two masks on folded dimensions, HLS pragmas respected. */
  hls?: boolean;
  /**
   * Files of the program that `#include` this one (a unity build). A `.c` file among them is
   * read from disk (with the compiler), and this one inside it, as the command line reads it.
   */
  includedBy?: readonly string[];
  /** Bytes the private arrays of one function may take on its stack. */
  privateStackBytes?: number | bigint;
  /** A file none of whose arrays can be a candidate is not modelled (what runs over many files do). */
  skipWithoutCandidates?: boolean;
  /** Compute conflict sets also where nothing can be saved (for pictures). */
  everyConflictSet?: boolean;
  /**
   * The file (or, for `contractFiles`, the files) is the whole program: its functions with
   * external linkage are analysed with every call (docs/whole-programs.md), as `--closed-world`.
   */
  closedWorld?: boolean;
  /** `contract` only: put the mapping in a comment above each changed declaration. */
  annotate?: boolean;
  /**
   * Reason codes (`BC1204`) or names (`read-before-write`) whose findings are suppressed:
   * marked `suppressed` in the report (docs/reasons.md).
   */
  suppress?: readonly string[];
  /**
   * The configurations the result must hold in, each a set of -D/-U flags added to
   * `compiler.flags` (`['-DBOARD=1', '-DBOARD=2 -DNDEBUG']`): with two or more, an array is
   * contracted only where all of them agree (docs/usage.md, "Configurations").
   */
  configurations?: readonly string[];
}

/** A wrong option: its name (`option`, e.g. `defines.N`) and what it should be. */
export class OptionError extends TypeError {
  constructor(
    readonly option: string,
    message: string,
  ) {
    super(`option '${option}' ${message}`);
    this.name = 'OptionError';
  }
}

type Check = (value: unknown, name: string) => void;

const fail = (name: string, message: string): never => {
  throw new OptionError(name, message);
};

const string: Check = (v, n) => {
  if (typeof v !== 'string' || v === '') fail(n, `must be a non-empty string, got ${shown(v)}`);
};
const boolean: Check = (v, n) => {
  if (typeof v !== 'boolean') fail(n, `must be true or false, got ${shown(v)}`);
};
const strings: Check = (v, n) => {
  if (!Array.isArray(v)) fail(n, `must be an array of strings, got ${shown(v)}`);
  (v as unknown[]).forEach((x, k) => string(x, `${n}[${k}]`));
};
const oneOf =
  (choices: readonly string[]): Check =>
  (v, n) => {
    if (typeof v !== 'string' || !choices.includes(v))
      fail(n, `must be one of ${choices.map((c) => `'${c}'`).join(', ')}, got ${shown(v)}`);
  };
/** A number within [min, max]. */
const numberIn =
  (min: number, max: number): Check =>
  (v, n) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
      fail(n, `must be a number from ${min} to ${max}, got ${shown(v)}`);
  };
/** A whole number at least `min`: a bigint, or a number that is an exact integer. */
const wholeFrom =
  (min: bigint): Check =>
  (v, n) => {
    const ok =
      typeof v === 'bigint' || (typeof v === 'number' && Number.isSafeInteger(v))
        ? BigInt(v) >= min
        : false;
    if (!ok)
      fail(n, `must be a whole number (number or bigint) of at least ${min}, got ${shown(v)}`);
  };
const codes: Check = (v, n) => {
  strings(v, n);
  (v as string[]).forEach((c, k) => {
    if (!reasonNamed(c)) fail(`${n}[${k}]`, `is no reason code (docs/reasons.md), got ${shown(c)}`);
  });
};
const defines: Check = (v, n) => {
  if (!isRecord(v)) fail(n, `must be an object of NAME: value, got ${shown(v)}`);
  for (const [k, x] of Object.entries(v as object)) {
    if (!/^[A-Za-z_]\w*$/.test(k)) fail(`${n}.${k}`, 'is not a C name');
    if (typeof x !== 'bigint' && !(typeof x === 'number' && Number.isSafeInteger(x)))
      fail(`${n}.${k}`, `must be an integer (number or bigint), got ${shown(x)}`);
  }
};
const compiler: Check = (v, n) => {
  if (v === false) return;
  if (!isRecord(v))
    fail(n, `must be false or an object { cc, flags, cwd, dataModel }, got ${shown(v)}`);
  const c = v as Record<string, unknown>;
  for (const k of Object.keys(c))
    if (!['cc', 'flags', 'cwd', 'dataModel'].includes(k))
      fail(`${n}.${k}`, 'is not an option (cc, flags, cwd, dataModel)');
  if (c.cc !== undefined) string(c.cc, `${n}.cc`);
  if (c.flags !== undefined) strings(c.flags, `${n}.flags`);
  if (c.cwd !== undefined) string(c.cwd, `${n}.cwd`);
  if (c.dataModel !== undefined) oneOf(DATA_MODELS)(c.dataModel, `${n}.dataModel`);
};

/** The preprocessor's options of the library's `compiler` (its data model by name). */
function preprocessOptions(c: CompilerOptions): PreprocessOptions {
  const { dataModel, ...rest } = c;
  const m = dataModel !== undefined ? namedDataModel(dataModel) : undefined;
  return { ...rest, ...(m ? { dataModel: m } : {}) };
}

const configurations: Check = (v, n) => {
  if (!Array.isArray(v)) fail(n, `must be an array of strings of -D/-U flags, got ${shown(v)}`);
  (v as unknown[]).forEach((x, k) => {
    if (typeof x !== 'string') fail(`${n}[${k}]`, `must be a string, got ${shown(x)}`);
    try {
      configurationFlags(x as string);
    } catch (e) {
      fail(`${n}[${k}]`, (e as Error).message);
    }
  });
};

const CHECKS: Record<keyof Options, Check> = {
  file: string,
  defines,
  temporaries: strings,
  only: strings,
  heuristic: oneOf(HEURISTICS),
  modulo: oneOf(MODULO_FORMS),
  minGain: numberIn(0, 100),
  target: oneOf(TARGETS),
  minBytes: wholeFrom(0n),
  budgetMs: numberIn(0, Number.MAX_SAFE_INTEGER),
  oracleOperations: wholeFrom(0n),
  workUnits: wholeFrom(1n),
  lifetimes: oneOf(['value', 'cell']),
  compiler,
  hls: boolean,
  includedBy: strings,
  privateStackBytes: wholeFrom(0n),
  skipWithoutCandidates: boolean,
  everyConflictSet: boolean,
  annotate: boolean,
  suppress: codes,
  configurations,
  closedWorld: boolean,
};

function isRecord(v: unknown): v is object {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function shown(v: unknown): string {
  if (typeof v === 'string') return `'${v}'`;
  if (typeof v === 'bigint') return `${v}n`;
  if (Array.isArray(v)) return 'an array';
  if (v === null) return 'null';
  return typeof v === 'object' ? 'an object' : typeof v === 'number' ? `${v}` : String(v);
}

/** Throws OptionError for an unknown option or a wrong value; undefined values are absent. */
export function checkOptions(options: unknown): asserts options is Options {
  if (options === undefined) return;
  if (!isRecord(options))
    throw new OptionError('options', `must be an object, got ${shown(options)}`);
  const o = options as Options;
  if (o.configurations && o.configurations.length > 1 && o.compiler === false)
    throw new OptionError('configurations', 'needs the compiler (compiler: false reads no -D)');
  for (const [k, v] of Object.entries(options)) {
    // Own keys only: `toString` or `__proto__` are not options.
    const check = Object.hasOwn(CHECKS, k) ? (CHECKS as Record<string, Check>)[k] : undefined;
    if (!check) fail(k, `is not an option of beeclak (${Object.keys(CHECKS).join(', ')})`);
    if (v !== undefined) check!(v, k);
  }
}

const toNumber = (v: number | bigint | undefined): number | undefined =>
  v === undefined ? undefined : Number(v);

/** The pipeline's options: the command line's defaults, minGain as a fraction. */
export function pipelineOptions(options: Options): AnalysisOptions {
  const defines = Object.entries(options.defines ?? {}).map(
    ([k, v]) => [k, BigInt(v)] as [string, bigint],
  );
  const privateStackBytes = toNumber(options.privateStackBytes);
  return {
    defines: nameRecord(defines),
    temporaries: [...(options.temporaries ?? [])],
    only: [...(options.only ?? [])],
    heuristic: options.heuristic ?? 'auto',
    modulo: options.modulo ?? 'exact',
    minGain: (options.minGain ?? 5) / 100,
    ...(options.target && options.target !== 'default' ? { target: options.target } : {}),
    ...(options.minBytes ? { minBytes: Number(options.minBytes) } : {}),
    budgetMs: options.budgetMs ?? DEFAULT_SEARCH_BUDGET_MS,
    oracleOperations: toNumber(options.oracleOperations) ?? 0,
    workUnits: toNumber(options.workUnits) ?? DEFAULT_WORK_UNITS,
    ...(options.lifetimes ? { lifetimes: options.lifetimes } : {}),
    ...(options.compiler !== undefined
      ? { compiler: options.compiler && preprocessOptions(options.compiler) }
      : {}),
    ...(options.hls ? { hls: true } : {}),
    ...(options.includedBy ? { includedBy: options.includedBy } : {}),
    ...(options.skipWithoutCandidates ? { skipWithoutCandidates: true } : {}),
    ...(options.everyConflictSet ? { everyConflictSet: true } : {}),
    ...(privateStackBytes !== undefined ? { privateStackBytes } : {}),
    ...(options.suppress ? { suppress: [...options.suppress] } : {}),
    ...(options.configurations && options.compiler !== false
      ? {
          configurations: namedConfigurations(
            preprocessOptions(options.compiler ?? {}),
            options.configurations,
          ),
        }
      : {}),
  };
}
