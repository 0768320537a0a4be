/**
 * The decision about one array, pass by pass (issue 28): candidacy -> no-saving bound ->
 * lifetimes (a promise checked there) -> lattice (power-of-two moduli, HLS) -> oracle ->
 * initializer and saving. Each pass hands on what it found or refuses with a reason code;
 * the outcome is immutable. The passes over the whole file (src/pipeline/decision/file.ts)
 * come after.
 */
import type { ArrayInfo, Extent, FunctionModel } from '../../model/types.js';
import * as A from '../../poly/affine.js';
import type { Finding } from '../../model/reasons.js';
import type { DelinearizationOutcome } from '../../delinearize/index.js';
import { dynamicMaxLive } from '../../dynamic/maxLive.js';
import { callSiteNote, knownParameterValues } from '../../model/parameterValues.js';
import { nameRecord } from '../../poly/nameRecord.js';
import type { FileReport } from '../report.js';
import { jsonInt } from '../report.js';
import type { QuickBound } from './noSaving.js';
import { valueMayFlowIn } from './conflictChoice.js';
import type { CrossCallOutcome, ExposedReads } from '../wholeProgram/crossCalls.js';
import { extentsProduct } from './symbolicSizes.js';
import type { DecisionOptions } from './options.js';
import { candidacy, candidacyNotes } from './candidacy.js';
import { conflictFacts, lifetimes, noSavingBound, type LifetimeInput } from './lifetimes.js';
import { lattice, type Found } from './mapping.js';
import { refuse, refused, type ArrayOutcome, type Refusal, type ReportFacts } from './outcome.js';

/** The compiled oracle's default budget: loop iterations plus access instances per array. */
export const DEFAULT_ORACLE_OPERATIONS = 50_000_000;

/** Enough for every sample with a 3x margin (the largest needs ~350k); see npm run bench. */
export const DEFAULT_WORK_UNITS = 1_000_000;

export interface ArrayInput {
  readonly fn: FunctionModel;
  readonly array: ArrayInfo;
  readonly options: DecisionOptions;
  /** Where the time goes (a measurement only, never part of a decision). */
  readonly timings: FileReport['timings'];
  readonly delinearization?: DelinearizationOutcome;
  readonly whole?: CrossCallOutcome;
  /** Upward-exposed reads the whole-program step has already computed (same values). */
  readonly exposedReads?: ExposedReads;
}

const product = (xs: readonly bigint[]) => xs.reduce((a, b) => a * b, 1n);

/** What every pass knows of the array: its sizes, known values and budgets. */
interface Known {
  readonly input: ArrayInput;
  readonly values: Readonly<Record<string, bigint>>;
  readonly work: number;
  readonly oracleBudget: number;
  /** Cells of the declaration (also for a delinearized array), when constant. */
  readonly declaredCells?: bigint;
  /**
   * Cells of the declaration at the known values (the values every call passes): in every
   * run the array has that many, though its text (`double t[m]`) is symbolic.
   */
  readonly cellsAtValues?: bigint;
  readonly originalCells: number | string;
  readonly bytes?: number;
}

function known(input: ArrayInput): Known {
  const { array, options } = input;
  const declared = array.delinearized?.declaredExtents ?? array.extents;
  const extents = declared.map((e) => e.value);
  const declaredCells = extents.every((e) => e !== undefined)
    ? product(extents as bigint[])
    : undefined;
  const values = knownParameterValues(input.fn);
  const cellsAtValues = declaredCells ?? cellsAt(declared, values);
  return {
    input,
    values,
    ...(cellsAtValues !== undefined ? { cellsAtValues } : {}),
    work: options.workUnits ?? DEFAULT_WORK_UNITS,
    oracleBudget: options.oracleOperations ?? DEFAULT_ORACLE_OPERATIONS,
    ...(declaredCells !== undefined ? { declaredCells } : {}),
    originalCells: declaredCells !== undefined ? jsonInt(declaredCells) : extentsProduct(declared),
    ...(array.elementBytes !== undefined ? { bytes: array.elementBytes } : {}),
  };
}

/** The product of the extents at `values`, when each is an affine form of them. */
function cellsAt(
  extents: readonly Extent[],
  values: Readonly<Record<string, bigint>>,
): bigint | undefined {
  const known = (e: Extent) =>
    e.expr !== undefined && A.variables(e.expr).every((v) => A.ownValue(values, v) !== undefined);
  if (!extents.every(known)) return undefined;
  return product(extents.map((e) => A.evaluate(e.expr!, values)));
}

function delinearizationFacts(input: ArrayInput): ReportFacts {
  const d = input.delinearization;
  const declared = (input.array.delinearized?.declaredExtents ?? input.array.extents).map(
    (e) => e.text,
  );
  if (d?.kind === 'applied')
    return {
      delinearization: {
        applied: true,
        declared,
        shape: d.sizes.map(jsonInt),
        shapeTexts: [...d.sizeTexts],
      },
    };
  if (d?.kind === 'not-applied')
    return { delinearization: { applied: false, declared, reason: d.reason } };
  return {};
}

/** The outcome so far, as the passes extend it. */
interface Draft {
  readonly facts: ReportFacts;
  readonly warnings: readonly Finding[];
}

function outcome(k: Known, draft: Draft, verdict: ArrayOutcome['verdict']): ArrayOutcome {
  const { fn, array } = k.input;
  return { fn, array, facts: draft.facts, warnings: draft.warnings, verdict };
}

const add = (draft: Draft, facts: ReportFacts, warnings: readonly Finding[] = []): Draft => ({
  facts: { ...draft.facts, ...facts },
  warnings: [...draft.warnings, ...warnings],
});

function timed<T>(
  timings: FileReport['timings'],
  stage: 'lifetimeMs' | 'latticeMs',
  f: () => T,
): T {
  const t0 = performance.now();
  try {
    return f();
  } finally {
    timings[stage] += Math.round(performance.now() - t0);
  }
}

async function timedAsync<T>(
  timings: FileReport['timings'],
  stage: 'latticeMs',
  f: () => Promise<T>,
): Promise<T> {
  const t0 = performance.now();
  try {
    return await f();
  } finally {
    timings[stage] += Math.round(performance.now() - t0);
  }
}

function lifetimeInput(k: Known): LifetimeInput {
  const { fn, array, options, whole, exposedReads } = k.input;
  return {
    fn,
    array,
    values: k.values,
    work: k.work,
    declaredCells: k.declaredCells,
    acrossCalls: whole?.kind === 'candidate',
    oracleBudget: k.oracleBudget,
    lifetimes: options.lifetimes,
    everyConflictSet: options.everyConflictSet,
    exposedReads,
  };
}

/**
 * The quick run, when it is the oracle's own (an exact model where no value flows in:
 * noSaving.ts makes it only then, or on over-approximated models, never reused), within
 * the oracle's budget: then the oracle does not walk again, and a "no saving" keeps maxLive.
 */
function oracleRun(k: Known, quick: QuickBound) {
  return quick.realRun && k.oracleBudget !== 0 && quick.realRun.operations <= k.oracleBudget
    ? quick.realRun
    : undefined;
}

/** Values live at once in a run: a lower bound for any allocation (the cell count is not one). */
function oracleFacts(k: Known, quick: QuickBound): ReportFacts {
  // The oracle runs the model's accesses as whole cells: it does not know fields.
  if (k.oracleBudget === 0 || k.input.array.fields) return {};
  const { fn, array } = k.input;
  const dyn =
    oracleRun(k, quick) ??
    dynamicMaxLive(fn, array, k.values, {
      exposedLiveFromStart: valueMayFlowIn(array),
      maxOperations: k.oracleBudget,
    });
  return dyn.kind === 'done' ? { maxLive: dyn.values, maxLiveKind: 'values' } : {};
}

/** An initializer, or a mapping no smaller than the declaration: nothing is done. */
function saving(k: Known, found: Found): Refusal | undefined {
  const size = product(found.mapping.b);
  if (k.input.array.hasInitializer && size < (k.declaredCells ?? size + 1n))
    return refuse(
      'has-initializer',
      `it has an initializer: a contracted array would need one initial value per slot, which is not supported ` +
        `(the mapping found would need ${size} cells)`,
    );
  // A constant size always beats a size that grows with run-time parameters, except where
  // every run has the same size: `t[m]` with m = 30 at every call is no larger than t[30]
  // (a second run over `t[m]`, the first run's symbolic result, took t[30] as a saving).
  if (k.cellsAtValues !== undefined && size >= k.cellsAtValues)
    return refuse('no-saving', `no saving: the best mapping found needs ${size} cells`);
  return undefined;
}

function mappingFacts(found: Found): ReportFacts {
  return {
    mapping: { M: found.mapping.M.map((r) => r.map(jsonInt)), b: found.mapping.b.map(jsonInt) },
  };
}

/**
 * The outcome of one array: every per-array pass in order. A temporary across calls keeps
 * its call sites (the callers' buffers: placement.ts, callerStorage.ts).
 */
export async function decideArray(input: ArrayInput): Promise<ArrayOutcome> {
  const o = helpersKeepLayout(await decide(input));
  const { whole } = input;
  if (whole?.kind !== 'candidate' || !('kind' in o.verdict) || o.verdict.kind !== 'contracted')
    return o;
  const decision = { ...o.verdict.decision, callSites: whole.callSites };
  return { ...o, verdict: { ...o.verdict, decision } };
}

/**
 * A parameter followed into its helpers (frontend/followHelpers.ts) keeps its layout: its
 * accesses in the helpers would need the mapping too, and nothing rewrites them.
 */
function helpersKeepLayout(o: ArrayOutcome): ArrayOutcome {
  const helpers = o.array.followedInto;
  if (!helpers || !('kind' in o.verdict)) return o;
  const cells = o.verdict.kind === 'contracted' ? ` (${o.verdict.cells} would do)` : '';
  return refused(
    o,
    refuse(
      'accessed-in-helpers',
      `a mapping saves cells${cells}, but ${helpers.map((h) => `${h}()`).join(', ')} access '${o.array.name}' with their own subscripts, which are not rewritten`,
    ),
  );
}

async function decide(input: ArrayInput): Promise<ArrayOutcome> {
  const k = known(input);
  let draft: Draft = { facts: delinearizationFacts(input), warnings: candidacyNotes(input.whole) };
  const notCandidate = candidacy({
    fn: input.fn,
    array: input.array,
    whole: input.whole,
    only: input.options.only,
    hls: !!input.options.hls,
    ...(input.options.configurationRefusals
      ? { disagreements: input.options.configurationRefusals }
      : {}),
    smallSavings: input.options.smallSavings,
  });
  if (notCandidate) return outcome(k, draft, notCandidate);
  const li = lifetimeInput(k);
  const { quick, found } = timed(input.timings, 'lifetimeMs', () => {
    const quick = noSavingBound(li);
    return { quick, found: lifetimes(li, quick) };
  });
  if ('reason' in found) return outcome(k, draft, found);
  draft = add(draft, {}, found.warnings);
  if (!found.cs) {
    const run = oracleRun(k, quick);
    if (run) draft = add(draft, { maxLive: run.values, maxLiveKind: 'values' });
    return outcome(k, draft, refuse('no-saving', quick.noSaving!));
  }
  const cs = found.cs;
  draft = add(draft, conflictFacts(input.fn, cs, found));
  // Every known value the function's model may rest on: DS uses some parameters by name,
  // but the frontend also folds products of parameters (H * W) using their values, so the
  // result is only claimed, and guarded, for all of them.
  const assumes = nameRecord(k.values);
  const passed = callSiteNote(input.fn);
  if (passed) draft = add(draft, {}, [passed]);
  if (Object.keys(assumes).length > 0)
    draft = add(draft, {
      assumes: nameRecord(
        Object.entries(assumes).map(([key, v]): [string, number | string] => [key, jsonInt(v)]),
      ),
    });
  const mapped = await timedAsync(input.timings, 'latticeMs', () =>
    lattice(
      { ...input.options, ...input, values: k.values, work: k.work, hls: !!input.options.hls },
      cs,
      { originalCells: k.originalCells, declaredCells: k.declaredCells, elementBytes: k.bytes },
      draft.facts.ds!,
    ),
  );
  if ('reason' in mapped) return outcome(k, draft, mapped);
  if ('verdict' in mapped)
    return outcome(k, add(draft, mapped.facts, mapped.warnings), mapped.verdict);
  draft = add(
    draft,
    { ds: { ...draft.facts.ds!, isZero: mapped.mapping.b.length === 0 } },
    mapped.warnings,
  );
  draft = add(draft, oracleFacts(k, quick));
  draft = add(draft, mappingFacts(mapped));
  const initializerOrNoSaving = saving(k, mapped);
  if (initializerOrNoSaving?.reason === 'has-initializer')
    return outcome(k, draft, initializerOrNoSaving);
  draft = add(draft, { heuristic: mapped.heuristic });
  if (initializerOrNoSaving) return outcome(k, draft, initializerOrNoSaving);
  const size = product(mapped.mapping.b);
  return outcome(k, draft, {
    kind: 'contracted',
    cells: size,
    ...(k.bytes !== undefined ? { bytes: size * BigInt(k.bytes) } : {}),
    decision: {
      fn: input.fn,
      array: input.array,
      mapping: mapped.mapping,
      assumes,
      conflicts: { ds: mapped.ds, params: k.values },
    },
  });
}
