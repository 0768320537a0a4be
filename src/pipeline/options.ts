/** The options of the analysis, and the choices of the lattice search and of the rewriter. */
import type { PreprocessOptions } from '../frontend/preprocess.js';
import type { ProgramView } from '../model/program.js';
import type { SmallSaving } from './minBytes.js';
import type { ReasonName } from '../model/reasons.js';

export const HEURISTICS = ['auto', 'h1', 'h1a', 'h2', 'h3', 'hull', 'opt'] as const;
export type HeuristicChoice = (typeof HEURISTICS)[number];
export const MODULO_FORMS = ['exact', 'pow2'] as const;
export type ModuloForm = (typeof MODULO_FORMS)[number];
/**
 * Cores the mapping choice knows (src/pipeline/decision/addressCost.ts): `default` has a
 * hardware divider; on the others every `%` by a non-power of two calls a helper.
 */
export const TARGETS = [
  'default',
  'no-divider',
  'cortex-m0',
  'cortex-m0plus',
  'cortex-m1',
] as const;
export type Target = (typeof TARGETS)[number];

export interface AnalysisOptions {
  defines: Record<string, bigint>;
  temporaries: string[];
  only: string[];
  heuristic: HeuristicChoice;
  modulo: ModuloForm;
  /** A fraction (0.05 = 5%): a skewed mapping must save more than this over a simpler one. */
  minGain?: number;
  /**
   * The core the program runs on (src/pipeline/decision/addressCost.ts): a mapping that
   * divides in a deeper loop must save more without a hardware divider (`cortex-m0`).
   */
  target?: Target;
  /** Budget of the exhaustive lattice search, per array. */
  budgetMs?: number;
  /**
   * Operations the dynamic oracle may spend per array (0: do not run it; default
   * DEFAULT_ORACLE_OPERATIONS in decision/decideArray.ts: kernels of ~10^7 access instances, about a second).
   */
  oracleOperations?: number;
  /** Lifetimes of values (default) or of cells (Bee's, a superset). */
  lifetimes?: 'value' | 'cell';
  /**
   * Compute the conflict set and search a mapping also where a cheap bound already shows
   * that nothing can be saved (src/pipeline/decision/noSaving.ts): the SVG pictures draw them.
   */
  everyConflictSet?: boolean;
  /** Work units of the polyhedral core per array and stage (see src/poly/budget.ts). */
  workUnits?: number;
  /**
   * How the file is read: by the compiler (`$CC -E` with these flags; the default), or
   * `false` for the built-in reading of the file's own text.
   */
  compiler?: PreprocessOptions | false;
  /** HLS mode (src/pipeline/decision/hls.ts): constant sizes, power-of-two masks, HLS pragmas respected. */
  hls?: boolean;
  /**
   * A file none of whose arrays can be a candidate is not modelled: its report has no array
   * and a note (src/frontend/noCandidate.ts). Runs over many files set it.
   */
  skipWithoutCandidates?: boolean;
  /**
   * Bytes the private arrays of one function (contracted parameters) may take together on
   * its stack (default PRIVATE_STACK_BYTES, src/pipeline/wholeProgram/privateStack.ts).
   */
  privateStackBytes?: number;
  /**
   * Files of the program that `#include` this one (a unity build): they call its static
   * functions too, which the analysis of this file does not see.
   */
  includedBy?: readonly string[];
  /**
   * What the file sees of the other files of its set (src/pipeline/wholeProgram/fileSet.ts):
   * their callers of its functions with external linkage, and whether every call is seen.
   */
  program?: ProgramView;
  /**
   * Arrays whose contraction would save no more bytes than this are left as written
   * (src/pipeline/minBytes.ts; `--min-bytes`, the configuration's `minBytes`).
   */
  minBytes?: number;
  /** Set by the second decision of a file under `minBytes`: the arrays it keeps. */
  smallSavings?: readonly SmallSaving[];
  /**
   * Reason codes (`BC1204`) or names (`read-before-write`) whose findings are suppressed:
   * left out of the text report, marked in JSON and SARIF (docs/reasons.md).
   */
  suppress?: readonly string[];
  /**
   * The configurations the result must hold in (src/pipeline/configurations/): each the
   * compiler's view of one build (its -D/-U flags). With two or more, the file is analysed
   * once per configuration and an array is contracted only where all agree; with fewer, the
   * one configuration is `compiler`'s, and a function with conditionals gets its guard.
   */
  configurations?: readonly Configuration[];
  /** Arrays left unchanged because the configurations disagree (set by the driver). */
  configurationRefusals?: readonly ConfigurationRefusal[];
  /**
   * Called after the arrays of each function are decided (the CLI's progress line on a
   * terminal, src/cli/progress.ts); never part of a decision, and not sent to workers.
   */
  progress?: (done: number, total: number) => void;
}

/** One build of the file: a name for messages and its compiler's view. */
export interface Configuration {
  /** How the user named it (`-DBOARD=2 -DNDEBUG`, or `entry 2 of compile_commands.json`). */
  readonly label: string;
  readonly compiler: PreprocessOptions;
}

/**
 * An array (function, name, declaration line) the configurations disagree about, and why;
 * the code is configurations-disagree unless given (the readings inside several includers
 * of a unity build: included-by-several-units).
 */
export interface ConfigurationRefusal {
  readonly function: string;
  readonly array: string;
  readonly line: number;
  readonly message: string;
  readonly code?: ReasonName;
}
