/**
 * The analysis pipeline of one file: frontend -> candidates -> lifetime (DS) -> lattice,
 * producing per array a decision (what to do) and its report entry (why).
 *
 * Each stage is called through its public entry point with plain data; this module only
 * sequences them, decides statuses, and turns failures of a stage on one array into a
 * reasoned "rejected" for that array (never a crash of the whole file).
 */
import * as P from '../poly/index.js';
import { buildCompilerModelAsync, buildModel } from '../frontend/index.js';
import { refuseUneditable } from '../frontend/editable.js';
// Types from their own modules: the published declarations must not pull in tree-sitter's.
import type { MacroUse } from '../frontend/spelling.js';
import type { PreprocessOptions } from '../frontend/preprocess.js';
import { delinearizeFunction, type DelinearizationOutcome } from '../delinearize/index.js';
import { quantifyParams } from '../poly/quantify.js';
import {
  BudgetExceeded,
  isOwnOverrun,
  withWorkBudget,
  withWorkBudgetAsync,
} from '../poly/budget.js';
import type { ArrayInfo, FunctionModel, ProgramModel } from '../model/types.js';
import { conflictSet, type ConflictSet } from '../lifetime/conflictSet.js';
import { upwardExposedReads } from '../lifetime/upwardExposed.js';
import { dynamicMaxLive } from '../dynamic/maxLive.js';
import { chooseMapping, LatticeInputError, type Mapping } from '../lattice/index.js';
import {
  hlsMapping,
  hlsRefusal,
  onChipMemory,
  onChipTotals,
  partitionWants,
  powerOfTwoMapping,
  type PartitionWant,
} from './hls.js';
import type { HeuristicChoice, ModuloForm } from './options.js';
import { jsonInt, type ArrayReport, type FileReport } from './report.js';
import { exposedReadEvidence, unusablePromise } from './promiseCheck.js';
import {
  callerBufferNotes,
  callerBufferStatus,
  crossCallOutcome,
  ExposedReads,
  staticScratchOutcome,
} from './wholeProgram.js';
import { limitPrivateStack } from './privateStack.js';
import { placeParameters } from './placement.js';
import { setSavedBytes, storageClass } from './footprint.js';
import { shareFileScopeMappings } from './sharedScratch.js';
import {
  heapReport,
  reportShrink,
  shrinkCallerStorage,
  type StoragePlan,
} from './callerStorage.js';
import { cheapNoSaving, type QuickBound } from './noSaving.js';
import { extentsProduct, symbolicDecision, symbolicMapping } from './symbolicSizes.js';
import type { ArrayDecision } from './decision.js';
import { nameRecord, ownValue } from '../poly/nameRecord.js';
import { knownParameterValues } from '../model/parameterValues.js';
import { elementBytes } from './elementBytes.js';
import { parametersUsed, valueMayFlowIn, valueOrCellConflicts } from './conflictChoice.js';
import { inCallContext } from '../context/callContext.js';

/** The compiled oracle's default budget: loop iterations plus access instances per array. */
export const DEFAULT_ORACLE_OPERATIONS = 50_000_000;

export interface AnalysisOptions {
  defines: Record<string, bigint>;
  temporaries: string[];
  only: string[];
  heuristic: HeuristicChoice;
  modulo: ModuloForm;
  /** A fraction (0.05 = 5%): a skewed mapping must save more than this over a simpler one. */
  minGain?: number;
  /** Budget of the exhaustive lattice search, per array. */
  budgetMs?: number;
  /**
   * Operations the dynamic oracle may spend per array (0: do not run it; default
   * DEFAULT_ORACLE_OPERATIONS: kernels of ~10^7 access instances, about a second).
   */
  oracleOperations?: number;
  /** Lifetimes of values (default) or of cells (Bee's, a superset). */
  lifetimes?: 'value' | 'cell';
  /**
   * Compute the conflict set and search a mapping also where a cheap bound already shows
   * that nothing can be saved (src/pipeline/noSaving.ts): the SVG pictures draw them.
   */
  everyConflictSet?: boolean;
  /** Work units of the polyhedral core per array and stage (see src/poly/budget.ts). */
  workUnits?: number;
  /**
   * How the file is read: by the compiler (`$CC -E` with these flags; the default), or
   * `false` for the built-in reading of the file's own text.
   */
  compiler?: PreprocessOptions | false;
  /** HLS mode (src/pipeline/hls.ts): constant sizes, power-of-two masks, HLS pragmas respected. */
  hls?: boolean;
  /**
   * A file none of whose arrays can be a candidate is not modelled: its report has no array
   * and a note (src/frontend/noCandidate.ts). Runs over many files set it.
   */
  skipWithoutCandidates?: boolean;
  /**
   * Bytes the private arrays of one function (contracted parameters) may take together on
   * its stack (default PRIVATE_STACK_BYTES, src/pipeline/privateStack.ts).
   */
  privateStackBytes?: number;
  /**
   * Files of the program that `#include` this one (a unity build): they call its static
   * functions too, which the analysis of this file does not see.
   */
  includedBy?: readonly string[];
}

/** Enough for every sample with a 3x margin (the largest needs ~350k); see npm run bench. */
export const DEFAULT_WORK_UNITS = 1_000_000;

export type { ArrayDecision } from './decision.js';

export interface Analysis {
  readonly model: ProgramModel;
  readonly decisions: ArrayDecision[];
  readonly report: FileReport;
  /** Macro invocations spelled in the file (for the guards of the output). */
  readonly macroUses?: readonly MacroUse[];
  /** The headers the compiler read for this file (absolute paths; see CompilerModel). */
  readonly includes?: readonly string[];
  /** The configuration is C89 (see CompilerModel): what the output adds must be too. */
  readonly c89?: boolean;
  /** Callers' buffers that shrink, and the parameters retyped with them (callerStorage.ts). */
  readonly storage?: StoragePlan;
}

function product(xs: readonly bigint[]): bigint {
  return xs.reduce((a, b) => a * b, 1n);
}

function describeReasons(a: ArrayInfo): string {
  return a.reasons.map((r) => `${r.message} (${r.loc.line}:${r.loc.column})`).join('; ');
}

export function analyzeSource(
  source: string,
  file: string,
  options: AnalysisOptions,
): Promise<Analysis> {
  // A call of its own unless it runs within one (src/context/callContext.ts).
  return inCallContext(() => analyzeSourceInCall(source, file, options));
}

async function analyzeSourceInCall(
  source: string,
  file: string,
  options: AnalysisOptions,
): Promise<Analysis> {
  const t0 = performance.now();
  // A copy safe for C names: the options may come from an API caller or a worker's message.
  const frontendOptions = {
    defines: nameRecord(options.defines),
    temporaries: options.temporaries,
  };
  const view =
    options.compiler === false
      ? { model: buildModel(source, file, frontendOptions), macroUses: [] }
      : await buildCompilerModelAsync(source, file, {
          ...frontendOptions,
          compiler: options.compiler,
          skipWithoutCandidates: options.skipWithoutCandidates,
        });
  // What the rewriter cannot edit safely (a comment by the brackets) is refused first.
  const built = refuseUneditable(view.model, source);
  const parseMs = Math.round(performance.now() - t0);
  // Hand-linearized 1-D temporaries get their multi-dimensional view before any analysis.
  const td = performance.now();
  const delinearized = built.functions.map((fn) => delinearizeFunction(fn, options.only));
  const model: ProgramModel = { ...built, functions: delinearized.map((d) => d.fn) };
  const timings = {
    parseMs,
    delinearizeMs: Math.round(performance.now() - td),
    lifetimeMs: 0,
    latticeMs: 0,
    rewriteMs: 0,
    oracleMs: 0,
  };
  const arrays: ArrayReport[] = [];
  const decisions: ArrayDecision[] = [];
  const callerNotes: ReturnType<typeof callerBufferNotes> = [];
  const exposed = new ExposedReads(
    model,
    knownParameterValues,
    options.workUnits ?? DEFAULT_WORK_UNITS,
  );
  for (const [f, fn] of model.functions.entries()) {
    for (const declared of fn.arrays) {
      // Parameters that are temporaries across calls become candidates (whole program).
      const tw = performance.now();
      const whole =
        crossCallOutcome(model, fn, declared, exposed, options.includedBy) ??
        staticScratchOutcome(model, fn, declared, exposed);
      timings.lifetimeMs += Math.round(performance.now() - tw);
      const array =
        whole?.kind === 'candidate' || whole?.kind === 'promised' ? whole.array : declared;
      const outcome = delinearized[f]!.outcomes.find((o) => o.array === array.name);
      const hlsReason = options.hls ? hlsRefusal(source, fn, array) : undefined;
      const wants = options.hls ? partitionWants(source, fn, array) : undefined;
      const r = await analyzeArray(
        fn,
        array,
        options,
        timings,
        outcome,
        hlsReason,
        whole,
        exposed,
        wants,
      );
      if (options.hls) {
        const bytes = elementBytes(array.elementType);
        const bits = array.elementBits ?? (bytes === undefined ? undefined : bytes * 8);
        const memory = onChipMemory(source, fn, array, bits, r.decision?.mapping);
        if (memory) r.report.onChip = memory;
      }
      arrays.push(r.report);
      if (r.decision)
        decisions.push(
          whole?.kind === 'candidate' ? { ...r.decision, callSites: whole.callSites } : r.decision,
        );
      if (r.decision && whole?.kind === 'candidate')
        callerNotes.push(...callerBufferNotes(fn, array, whole.callSites));
    }
  }
  const reportOf = (d: ArrayDecision) =>
    arrays.find(
      (a) => a.function === d.fn.name && a.name === d.array.name && a.line === d.array.loc.line,
    );
  // Parameters fold in place in their callers' buffers where they can (placement.ts); the
  // private arrays of the others are new stack: they must fit (privateStack.ts).
  const placed = limitPrivateStack(
    placeParameters(decisions, reportOf),
    reportOf,
    options.privateStackBytes === undefined ? undefined : BigInt(options.privateStackBytes),
  );
  // A file-scope scratch array of several functions takes one mapping (sharedScratch.ts).
  const kept = await shareFileScopeMappings(placed, reportOf);
  // Callers' buffers that only carry values for parameters folded in place shrink.
  const storage = options.hls ? undefined : shrinkCallerStorage(model, kept);
  for (const b of storage?.buffers ?? []) {
    const r = b.array
      ? arrays.find(
          (a) => a.function === b.caller && a.name === b.name && a.line === b.array!.loc.line,
        )
      : undefined;
    if (r) reportShrink(r, b);
    else if (!b.array) arrays.push(heapReport(b));
  }
  // The callers' buffers: say which ones a private array relieved, and whether they are
  // now unused (on the caller's entry, or on the callee's when the buffer is a pointer).
  const relieved = callerNotes.filter((n) =>
    kept.some(
      (d) => d.fn.name === n.callee && d.array.name === n.array && d.placement === 'private',
    ),
  );
  // Functions fixed for argument values keep their original body for other values, which
  // still uses the caller's buffer: not counted as private there.
  const privatized = new Set(
    kept
      .filter((d) => d.placement === 'private')
      .filter((d) => !Object.keys(d.assumes).some((k) => d.fn.parameters.some((p) => p.name === k)))
      .map((d) => `${d.fn.name}:${d.array.name}`),
  );
  const summarized = new Set<string>();
  for (const n of relieved) {
    const own = arrays.find((a) => a.function === n.caller && a.name === n.buffer);
    own?.warnings.push(n.note);
    const key = `${n.caller}:${n.buffer}`;
    if (summarized.has(key) || !model.calls) continue;
    summarized.add(key);
    const st = callerBufferStatus(model.calls, n.caller, n.buffer, privatized);
    const text = st.unused
      ? `${n.caller}:${n.buffer} is now unused: ${n.caller}() only allocates, frees or passes it to ` +
        `parameters that have private arrays; it could be removed or shrunk by hand (beeclak ` +
        `leaves it: the parameters' types still ask for its full extent)`
      : `${n.caller}:${n.buffer} is still used (${st.use}): it keeps its size`;
    if (own) own.warnings.push(text);
    else
      for (const m of relieved.filter((m) => `${m.caller}:${m.buffer}` === key))
        arrays.find((a) => a.function === m.callee && a.name === m.array)?.warnings.push(text);
  }
  for (const r of arrays) {
    const d = kept.find(
      (d) => d.fn.name === r.function && d.array.name === r.name && d.array.loc.line === r.line,
    );
    setSavedBytes(r, d?.placement);
    // One declaration for several functions: its bytes are counted once.
    if (d?.sharesDeclaration) r.savedBytes = 0;
  }
  const diagnostics = [...model.diagnostics, ...model.functions.flatMap((f) => f.diagnostics)].map(
    (d) => `${file}:${d.loc.line}:${d.loc.column}: ${d.severity}: ${d.message}`,
  );
  return {
    model,
    decisions: kept,
    report: {
      file,
      arrays,
      diagnostics,
      ...(options.hls ? { onChip: onChipTotals(arrays) } : {}),
      timings,
    },
    macroUses: view.macroUses,
    ...('includes' in view && view.includes ? { includes: view.includes } : {}),
    ...('c89' in view && view.c89 ? { c89: true } : {}),
    ...(storage && storage.buffers.length > 0 ? { storage } : {}),
  };
}

export async function analyzeArray(
  fn: FunctionModel,
  array: ArrayInfo,
  options: AnalysisOptions,
  timings: FileReport['timings'],
  delinearization?: DelinearizationOutcome,
  hlsReason?: string,
  whole?: ReturnType<typeof crossCallOutcome>,
  /** Upward-exposed reads the whole-program step has already computed (same values). */
  exposedReads?: ExposedReads,
  /** HLS mode: the dimensions its partition pragmas want kept (src/pipeline/hls.ts). */
  hlsWants?: readonly PartitionWant[],
): Promise<{ report: ArrayReport; decision?: ArrayDecision }> {
  const values = knownParameterValues(fn);
  const work = options.workUnits ?? DEFAULT_WORK_UNITS;
  // Cells are counted by the declaration, also for a delinearized array.
  const declaredExtents = array.delinearized?.declaredExtents ?? array.extents;
  const extents = declaredExtents.map((e) => e.value);
  const known = extents.every((e) => e !== undefined);
  const originalCells = known ? product(extents as bigint[]) : undefined;
  const bytes = elementBytes(array.elementType);
  const report: ArrayReport = {
    name: array.name,
    function: fn.name,
    line: array.loc.line,
    column: array.loc.column,
    status: 'unchanged',
    elementType: array.elementType,
    storage: storageClass(array.storage),
    originalCells:
      originalCells !== undefined ? jsonInt(originalCells) : extentsProduct(declaredExtents),
    compressedCells:
      originalCells !== undefined ? jsonInt(originalCells) : extentsProduct(declaredExtents),
    maxLive: null,
    warnings: [],
  };
  if (delinearization?.kind === 'applied') {
    report.delinearization = {
      applied: true,
      declared: declaredExtents.map((e) => e.text),
      shape: delinearization.sizes.map(jsonInt),
      shapeTexts: [...delinearization.sizeTexts],
    };
  } else if (delinearization?.kind === 'not-applied') {
    report.delinearization = {
      applied: false,
      declared: declaredExtents.map((e) => e.text),
      reason: delinearization.reason,
    };
  }
  if (originalCells !== undefined && bytes !== undefined) {
    report.originalBytes = jsonInt(originalCells * BigInt(bytes));
    report.compressedBytes = report.originalBytes;
  }
  const done = (status: ArrayReport['status'], reason: string) => {
    report.status = status;
    report.reason = reason;
    return { report };
  };

  if (whole?.kind === 'disproved') return done('rejected', whole.reason);
  if (whole?.kind === 'not-temporary')
    return done('unchanged', `not a candidate: ${describeReasons(array)}, and ${whole.reason}`);
  if (whole?.kind === 'candidate') report.warnings.push(whole.note);
  if (!array.candidate && array.markedTemporary)
    return done('rejected', unusablePromise(describeReasons(array)));
  if (!array.candidate) return done('unchanged', `not a candidate: ${describeReasons(array)}`);
  if (!fn.statements.some((s) => s.accesses.some((x) => x.array === array.name)))
    // A private scalar nobody uses would only add an unused-variable warning.
    return done('unchanged', `${fn.name}() never accesses it: nothing to contract`);
  if (options.only.length > 0 && !options.only.includes(array.name)) {
    return done('unchanged', 'not selected (--only)');
  }
  if (hlsReason) return done('unchanged', hlsReason);

  // Lifetime analysis for the known parameter values (the model already folds them into
  // products and strides, and every later use is for them; guarded by `assumes`), symbolic in
  // the parameters known only at run time.
  const tl = performance.now();
  const oracleBudget = options.oracleOperations ?? DEFAULT_ORACLE_OPERATIONS;
  let cs: ConflictSet | undefined;
  let lifetimesKind: 'value' | 'cell' = 'cell';
  let lifetimesReason: string | undefined;
  // Every cell live at one instant: no mapping can save anything, so the exhaustive stages
  // are skipped (src/pipeline/noSaving.ts).
  const quick: QuickBound = options.everyConflictSet
    ? {}
    : cheapNoSaving({
        fn,
        array,
        values,
        declaredCells: originalCells,
        // A temporary across calls is one only where no cell is read before the function
        // writes it (wholeProgram.ts), so no run reads a value that flowed in: the oracle's
        // count (such reads live from the start) is then the quick run's, which is reused.
        valueMayFlowIn: valueMayFlowIn(array) && whole?.kind !== 'candidate',
        oracleRuns: oracleBudget !== 0,
      });
  const noSaving = quick.noSaving !== undefined;
  try {
    // No conflict set when the quick run proved "no saving" (only the exposed reads, for the
    // report's warnings).
    const lifetimes = noSaving
      ? { cs: undefined, reason: undefined }
      : options.lifetimes === 'cell'
        ? { cs: undefined, reason: 'cell-based lifetimes asked for (--lifetimes cell)' }
        : valueOrCellConflicts(fn, array, values, work);
    const analysed = withWorkBudget(work, () => ({
      cs: noSaving ? undefined : (lifetimes.cs ?? conflictSet(fn, array, { values })),
      exposed: exposedReads?.computedNone(fn, array) ?? upwardExposedReads(fn, array, { values }),
    }));
    cs = analysed.cs;
    lifetimesKind = lifetimes.cs ? 'value' : 'cell';
    lifetimesReason = lifetimes.reason;
    const disproved = array.markedTemporary
      ? exposedReadEvidence(fn, array, analysed.exposed)
      : undefined;
    if (disproved) {
      timings.lifetimeMs += Math.round(performance.now() - tl);
      return done('rejected', disproved);
    }
    for (const u of analysed.exposed) {
      const cell = u.example
        ? ` (e.g. cell ${Object.entries(u.example)
            .map(([k, v]) => `${k}=${v}`)
            .join(', ')})`
        : '';
      report.warnings.push(
        `${u.loc.line}:${u.loc.column}: reads a cell before any write of it${cell}: ` +
          (array.markedTemporary
            ? 'a value flows in, although the array is marked temporary'
            : 'the value read is indeterminate'),
      );
    }
  } catch (e) {
    timings.lifetimeMs += Math.round(performance.now() - tl);
    // Only the array's own budget: an enclosing one's overrun is its owner's to answer.
    if (isOwnOverrun(e)) {
      return done(
        'rejected',
        `the lifetime analysis is too expensive for this array (${e.message}); ` +
          `it is left alone (raise --work to try harder)`,
      );
    }
    if (e instanceof BudgetExceeded) throw e;
    return done('rejected', `lifetime analysis failed: ${(e as Error).message}`);
  }
  timings.lifetimeMs += Math.round(performance.now() - tl);
  // The quick run, when it is the oracle's own (an exact model where no value flows in:
  // noSaving.ts makes it only then, or on over-approximated models, never reused), within
  // the oracle's budget: then the oracle does not walk again, and a "no saving" keeps maxLive.
  const oracleRun =
    quick.realRun && oracleBudget !== 0 && quick.realRun.operations <= oracleBudget
      ? quick.realRun
      : undefined;
  if (!cs) {
    if (oracleRun) {
      report.maxLive = oracleRun.values;
      report.maxLiveKind = 'values';
    }
    return done('unchanged', quick.noSaving!);
  }

  const used = parametersUsed(cs.ds);
  const unknown = used.filter((p) => ownValue(values, p) === undefined);
  report.ds = {
    dims: cs.dims.length,
    // Already coalesced by the lifetime stage: printed as it is, not projected again.
    pieces: [P.printSet(cs.ds)],
    isZero: false,
    exact: cs.exact,
    approximations: [...cs.approximations],
    lifetimes: lifetimesKind,
    ...(lifetimesReason ? { lifetimesReason } : {}),
  };
  // One line per writing statement: where its cells stay live until (the pairs that make
  // lifetimes overlap).
  const writers = [...new Set(cs.causes.map((c) => c.writer))];
  report.explanation = writers.map((w) => {
    const lines = [
      ...new Set(cs.causes.filter((c) => c.writer === w).map((c) => statementLine(fn, c.accessor))),
    ];
    return `cells written at ${statementLabel(fn, w)} can stay live until accesses at line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}`;
  });
  // Parameters known only at run time: contract for all their values at once (the union of
  // DS over them); if that union is unbounded, no constant-size mapping exists.
  const runTime = cs.ds.space.params.filter((p) => ownValue(values, p) === undefined);
  const growsWith = unknown;
  const dsForLattice = runTime.length > 0 ? quantifyParams(cs.ds, runTime) : cs.ds;
  // Every known value the function's model may rest on: DS uses some parameters by name,
  // but the frontend also folds products of parameters (H * W) using their values, so the
  // result is only claimed, and guarded, for all of them.
  const assumes = nameRecord(values);
  if (Object.keys(assumes).length > 0) {
    report.assumes = nameRecord(
      Object.entries(assumes).map(([k, v]): [string, number | string] => [k, jsonInt(v)]),
    );
  }

  // Lattice search with the parameters fixed.
  const tt = performance.now();
  let mapping: Mapping;
  let heuristic: string;
  try {
    const choice = await withWorkBudgetAsync(work, () =>
      chooseMapping(dsForLattice, {
        heuristic: options.heuristic,
        params: values,
        minGain: options.minGain,
        budgetMs: options.budgetMs,
      }),
    );
    mapping = choice.mapping;
    heuristic = choice.heuristic;
    if ((options.modulo === 'pow2' || options.hls) && mapping.b.length > 0) {
      // Folded rows rounded up to powers of two, whole dimensions left whole; re-verified
      // (larger moduli give a different kernel lattice, not a sublattice).
      const p2: { mapping: Mapping; note?: string } | { reason: string } = options.hls
        ? hlsMapping(dsForLattice, mapping, array, hlsWants ?? [], values)
        : powerOfTwoMapping(
            dsForLattice,
            mapping,
            array.extents.map((e) => e.value),
            values,
          );
      if ('mapping' in p2) {
        mapping = p2.mapping;
        if (p2.note) report.warnings.push(p2.note);
      } else if (options.hls) {
        timings.latticeMs += Math.round(performance.now() - tt);
        return done('unchanged', `HLS mode: ${p2.reason}`);
      } else
        report.warnings.push(
          'power-of-two moduli are not admissible for this array; exact moduli kept',
        );
    }
  } catch (e) {
    timings.latticeMs += Math.round(performance.now() - tt);
    if (e instanceof LatticeInputError && growsWith.length > 0 && options.hls) {
      return done(
        'rejected',
        `HLS mode needs constant sizes, and the conflict set grows with ${growsWith.join(', ')}, known only at run time; ` +
          `give a value with -D ${growsWith[0]}=...`,
      );
    }
    if (e instanceof LatticeInputError && growsWith.length > 0) {
      const symbolic = symbolicMapping(fn, cs.ds, values);
      timings.latticeMs += Math.round(performance.now() - tt);
      if (typeof symbolic === 'string') {
        return done(
          'rejected',
          `the conflict set grows with ${growsWith.join(', ')}, known only at run time, and ${symbolic}; ` +
            `give a value with -D ${growsWith[0]}=... to contract for that value`,
        );
      }
      return symbolicDecision(fn, array, report, symbolic, values);
    }
    if (e instanceof LatticeInputError) return done('rejected', e.message);
    if (isOwnOverrun(e)) {
      return done(
        'rejected',
        `the lattice search is too expensive for this array (${e.message}); raise --work to try harder`,
      );
    }
    throw e;
  }
  timings.latticeMs += Math.round(performance.now() - tt);
  report.ds.isZero = mapping.b.length === 0;

  if (oracleBudget !== 0) {
    const dyn =
      oracleRun ??
      dynamicMaxLive(fn, array, values, {
        exposedLiveFromStart: valueMayFlowIn(array),
        maxOperations: oracleBudget,
      });
    if (dyn.kind === 'done') {
      // Values live at once: a lower bound for any allocation (the cell count is not one).
      report.maxLive = dyn.values;
      report.maxLiveKind = 'values';
    }
  }

  const size = product(mapping.b);
  if (array.hasInitializer && size < (originalCells ?? size + 1n)) {
    report.mapping = { M: mapping.M.map((r) => r.map(jsonInt)), b: mapping.b.map(jsonInt) };
    return done(
      'unchanged',
      `it has an initializer: a contracted array would need one initial value per slot, which is not supported ` +
        `(the mapping found would need ${size} cells)`,
    );
  }
  report.mapping = { M: mapping.M.map((r) => r.map(jsonInt)), b: mapping.b.map(jsonInt) };
  report.heuristic = heuristic;
  // A constant size always beats a size that grows with run-time parameters.
  if (originalCells !== undefined && size >= originalCells) {
    return done('unchanged', `no saving: the best mapping found needs ${size} cells`);
  }
  report.status = mapping.b.length === 0 ? 'scalarized' : 'contracted';
  report.compressedCells = jsonInt(size);
  if (bytes !== undefined) report.compressedBytes = jsonInt(size * BigInt(bytes));
  return {
    report,
    decision: { fn, array, mapping, assumes, conflicts: { ds: dsForLattice, params: values } },
  };
}

function statementLine(fn: FunctionModel, id: string): string {
  const s = fn.statements.find((x) => x.id === id);
  return s ? `${s.loc.line}` : id;
}

function statementLabel(fn: FunctionModel, id: string): string {
  const s = fn.statements.find((x) => x.id === id);
  return s ? `line ${s.loc.line} (${s.text.trim()})` : id;
}
