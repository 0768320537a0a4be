/**
 * The lifetime passes: a cheap bound that may show at once that no mapping saves anything
 * (src/pipeline/decision/noSaving.ts), then the conflict set (value-based when it can be built within
 * its budget, else cell-based) and the reads of cells before any write of them, which
 * disprove a temporary promise or are reported.
 */
import * as P from '../../poly/index.js';
import type { ArrayInfo, FunctionModel } from '../../model/types.js';
import { conflictSet, type ConflictSet } from '../../lifetime/conflictSet.js';
import { upwardExposedReads, type UpwardExposedRead } from '../../lifetime/upwardExposed.js';
import { BudgetExceeded, isOwnOverrun, withWorkBudget } from '../../poly/budget.js';
import type { Finding } from '../../model/reasons.js';
import { cheapNoSaving, type QuickBound } from './noSaving.js';
import { valueMayFlowIn, valueOrCellConflicts } from './conflictChoice.js';
import { exposedReadEvidence } from '../wholeProgram/promiseCheck.js';
import type { ExposedReads } from '../wholeProgram/crossCalls.js';
import { refuse, warn, type Refusal, type ReportFacts } from './outcome.js';
import { place } from '../../model/place.js';
import { analysisView, linearConflictSet } from '../../lifetime/linearView.js';
import { linearReads } from '../../lifetime/exposedInView.js';
import { elementConflicts, elementReads, fieldView } from '../../lifetime/fieldView.js';

/** What the lifetime passes need of the array and the options. */
export interface LifetimeInput {
  readonly fn: FunctionModel;
  readonly array: ArrayInfo;
  readonly values: Readonly<Record<string, bigint>>;
  readonly work: number;
  readonly declaredCells: bigint | undefined;
  /** A temporary across calls: no value flows in at any call (wholeProgram.ts). */
  readonly acrossCalls: boolean;
  readonly oracleBudget: number;
  readonly lifetimes?: 'value' | 'cell';
  readonly everyConflictSet?: boolean;
  readonly exposedReads?: ExposedReads;
}

/**
 * Every cell live at one instant: no mapping can save anything, so the exhaustive stages
 * are skipped (src/pipeline/decision/noSaving.ts).
 */
export function noSavingBound(input: LifetimeInput): QuickBound {
  if (input.everyConflictSet) return {};
  // An array of structs: every field of every element live at once (its view's cells); the
  // run is no run the report's oracle makes (that one does not know fields).
  const view = fieldView(input.fn, input.array);
  if (view)
    return cheapNoSaving({
      fn: view.fn,
      array: view.array,
      values: input.values,
      declaredCells:
        input.declaredCells !== undefined ? input.declaredCells * BigInt(view.fields) : undefined,
      valueMayFlowIn: valueMayFlowIn(input.array) && !input.acrossCalls,
      oracleRuns: false,
    });
  return cheapNoSaving({
    fn: input.fn,
    array: input.array,
    values: input.values,
    declaredCells: input.declaredCells,
    // A temporary across calls is one only where no cell is read before the function
    // writes it (wholeProgram.ts), so no run reads a value that flowed in: the oracle's
    // count (such reads live from the start) is then the quick run's, which is reused.
    valueMayFlowIn: valueMayFlowIn(input.array) && !input.acrossCalls,
    oracleRuns: input.oracleBudget !== 0,
  });
}

export interface Lifetimes {
  /** Undefined when the bound already proved that nothing can be saved. */
  readonly cs?: ConflictSet;
  readonly kind: 'value' | 'cell';
  readonly kindReason?: string;
  /** Reads of a cell before any write of it. */
  readonly warnings: readonly Finding[];
}

function exposedWarning(array: ArrayInfo, u: UpwardExposedRead): Finding {
  const cell = u.example
    ? ` (e.g. cell ${Object.entries(u.example)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')})`
    : '';
  return warn(
    'read-before-write',
    `${place(u.loc)}: reads a cell before any write of it${cell}: ` +
      (array.markedTemporary
        ? 'a value flows in, although the array is marked temporary'
        : 'the value read is indeterminate'),
  );
}

/** The conflict set and the exposed reads, or why they could not be had. */
function analyse(input: LifetimeInput, noSaving: boolean): Analysed {
  // An array of structs: each field as its own array (src/lifetime/fieldView.ts).
  const view = fieldView(input.fn, input.array);
  if (view) {
    const found = analyse(
      { ...input, fn: view.fn, array: view.array, exposedReads: undefined },
      noSaving,
    );
    return {
      ...found,
      cs: found.cs && elementConflicts(found.cs),
      exposed: elementReads(found.exposed, input.array.extents.length),
    };
  }
  const { fn, array, values, work } = input;
  // No conflict set when the quick run proved "no saving" (only the exposed reads, for the
  // report's warnings).
  const lifetimes = noSaving
    ? { cs: undefined, reason: undefined }
    : input.lifetimes === 'cell'
      ? { cs: undefined, reason: 'cell-based lifetimes asked for (--lifetimes cell)' }
      : valueOrCellConflicts(fn, array, values, work);
  const analysed = withWorkBudget(work, () => ({
    cs: noSaving ? undefined : (lifetimes.cs ?? conflictSet(fn, array, { values })),
    exposed:
      input.exposedReads?.computedNone(fn, array) ?? upwardExposedReads(fn, array, { values }),
  }));
  return {
    ...analysed,
    kind: lifetimes.cs ? 'value' : 'cell',
    kindReason: lifetimes.reason,
  } as const;
}

interface Analysed {
  readonly cs: ConflictSet | undefined;
  readonly exposed: readonly UpwardExposedRead[];
  readonly kind: 'value' | 'cell';
  readonly kindReason: string | undefined;
}

/**
 * The analysis on the array's own subscripts; when that overruns its budget, a
 * hand-linearized array is analysed again, with the same budget, in its multi-dimensional
 * view and the answers given in its linear index (src/lifetime/linearView.ts): nw's `M`.
 * The linear analysis goes first because it is exact, where the view's differences are
 * bounded by intervals (holes between the rows would be lost). The overrun is rethrown when
 * there is no view or the view's analysis overruns too.
 */
function analyseOrView(input: LifetimeInput, noSaving: boolean): ReturnType<typeof analyse> {
  try {
    return analyse(input, noSaving);
  } catch (e) {
    if (!isOwnOverrun(e)) throw e;
    const v = analysisView(input.fn, input.array, input.values);
    if (!v) throw e;
    const found = analyse(
      { ...input, fn: v.fn, array: v.array, exposedReads: undefined },
      noSaving,
    );
    const cs = found.cs && linearConflictSet(found.cs, v.strides);
    if (found.cs && !cs) throw e;
    return { ...found, cs, exposed: linearReads(found.exposed, v.strides) };
  }
}

/**
 * The lifetime analysis for the known parameter values (the model already folds them into
 * products and strides, and every later use is for them; guarded by `assumes`), symbolic in
 * the parameters known only at run time.
 */
export function lifetimes(input: LifetimeInput, quick: QuickBound): Refusal | Lifetimes {
  const { fn, array } = input;
  let found: ReturnType<typeof analyse>;
  try {
    found = analyseOrView(input, quick.noSaving !== undefined);
  } catch (e) {
    // Only the array's own budget: an enclosing one's overrun is its owner's to answer.
    if (isOwnOverrun(e))
      return refuse(
        'lifetime-budget',
        `the lifetime analysis is too expensive for this array (${e.message}); ` +
          `it is left alone (raise --work to try harder)`,
      );
    if (e instanceof BudgetExceeded) throw e;
    return refuse('lifetime-failed', `lifetime analysis failed: ${(e as Error).message}`);
  }
  const disproved = array.markedTemporary
    ? exposedReadEvidence(fn, array, found.exposed)
    : undefined;
  if (disproved) return refuse('promise-disproved', disproved);
  return {
    ...(found.cs ? { cs: found.cs } : {}),
    kind: found.kind,
    ...(found.kindReason ? { kindReason: found.kindReason } : {}),
    warnings: found.exposed.map((u) => exposedWarning(array, u)),
  };
}

/** One line per writing statement: where its cells stay live until. */
function explanation(fn: FunctionModel, cs: ConflictSet): string[] {
  const writers = [...new Set(cs.causes.map((c) => c.writer))];
  return writers.map((w) => {
    const lines = [
      ...new Set(cs.causes.filter((c) => c.writer === w).map((c) => statementLine(fn, c.accessor))),
    ];
    return `cells written at ${statementLabel(fn, w)} can stay live until accesses at line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}`;
  });
}

/** The report's conflict set and explanation (the pairs that make lifetimes overlap). */
export function conflictFacts(fn: FunctionModel, cs: ConflictSet, l: Lifetimes): ReportFacts {
  return {
    ds: {
      dims: cs.dims.length,
      // Already coalesced by the lifetime stage: printed as it is, not projected again.
      pieces: [P.printSet(cs.ds)],
      isZero: false,
      exact: cs.exact,
      approximations: [...cs.approximations],
      lifetimes: l.kind,
      ...(l.kindReason ? { lifetimesReason: l.kindReason } : {}),
    },
    explanation: explanation(fn, cs),
  };
}

function statementLine(fn: FunctionModel, id: string): string {
  const s = fn.statements.find((x) => x.id === id);
  return s ? `${s.loc.line}` : id;
}

function statementLabel(fn: FunctionModel, id: string): string {
  const s = fn.statements.find((x) => x.id === id);
  return s ? `line ${s.loc.line} (${quoted(s.text)})` : id;
}

/**
 * A statement as the explanation quotes it: an initializer list over several lines (a table
 * of constants: Embench's edn quoted 25 lines of `in_a[200] = {...}`) is cut to `{ ... }`.
 */
export function quoted(text: string): string {
  const t = text.trim();
  const open = /=\s*\{/.exec(t);
  const close = t.lastIndexOf('}');
  if (!open || close < open.index || !t.slice(open.index, close).includes('\n')) return t;
  return `${t.slice(0, open.index)}= { ... }${t.slice(close + 1)}`;
}
