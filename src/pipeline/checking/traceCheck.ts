/**
 * `beeclak check --trace`: a run of the real program, folded (dynamic/fold), as an
 * independent witness of the model's access relations (issue 18).
 *
 * For every statically modelled candidate array, every traced access is matched to the
 * model's access(es) at the same source range, and the folded pieces of the run, as a
 * relation from instances (the `for` counters, when they are the model's iterators) to
 * cells, are compared exactly (src/poly) with the model's relation restricted to the known
 * parameter values:
 *
 * - an observed (instance, cell) the model does not contain is `unpredicted`: the model is
 *   wrong about this program (a cast, a wrap-around, a hidden write...);
 * - an instance of a must-write the model predicts but the run did not perform is
 *   `not-executed` (a must-write that kills a value no longer does): checked only when
 *   every parameter has a known value;
 * - an executed access the model does not know at all is `not-modelled`;
 * - a stream whose labels folded to ranges only (⊤, a give-up) that the model does not
 *   contain is `unconfirmed`: the run could not confirm the model.
 *
 * Any finding marks the array unsafe.
 */
import * as P from '../../poly/index.js';
import * as A from '../../poly/affine.js';
import type { Access, FunctionModel, ProgramModel, Statement } from '../../model/types.js';
import type { TraceAccess } from '../../model/trace.js';
import {
  labelForm,
  pieceConstraints,
  type FoldResult,
  type Piece,
} from '../../dynamic/fold/index.js';
import type { TracedLive } from '../../dynamic/tracedLive.js';
import { traceProgram, type TraceRunOptions, type TraceOutcome } from './traceRun.js';
import { nameRecord, ownValue } from '../../poly/nameRecord.js';
import { knownParameterValues } from '../../model/parameterValues.js';
import { inCallContext } from '../../context/callContext.js';
import { place } from '../../model/place.js';

type TraceFindingKind = 'unpredicted' | 'not-executed' | 'not-modelled' | 'unconfirmed';

export interface TraceFinding {
  readonly kind: TraceFindingKind;
  readonly access: TraceAccess;
  readonly args: readonly string[];
  /** A witness: iterator and cell values (`cell0`, `cell1`, ...). */
  readonly point?: Readonly<Record<string, bigint>>;
  readonly message: string;
}

export interface TraceArrayResult {
  readonly function: string;
  readonly name: string;
  readonly status: 'agrees' | 'unsafe';
  readonly accesses: number;
  readonly points: number;
  readonly pieces: number;
  readonly findings: readonly TraceFinding[];
  /** Per run (in order): the values live at once in it (tracedLive.ts), a measurement. */
  readonly live: readonly TracedLive[];
}

export interface TraceCheckResult {
  readonly outcome: TraceOutcome;
  readonly arrays: readonly TraceArrayResult[];
}

const cellName = (k: number) => `beeclak_cell${k}`;
const CALL = 'beeclak_call';
/** The dims of a relation: the call, the mapped iterators (if any), then the cells. */
const relationDims = (iterators: readonly string[] | undefined, cells: number) => [
  CALL,
  ...(iterators ?? []),
  ...Array.from({ length: cells }, (_, k) => cellName(k)),
];
const counterName = (k: number) => `beeclak_c${k}`;

interface ModelAccess {
  readonly fn: FunctionModel;
  readonly statement: Statement;
  readonly access: Access;
}

function modelAccesses(model: ProgramModel): Map<string, ModelAccess[]> {
  const out = new Map<string, ModelAccess[]>();
  for (const fn of model.functions)
    for (const statement of fn.statements)
      for (const access of statement.accesses) {
        const key = `${access.range.start}:${access.range.end}`;
        out.set(key, [...(out.get(key) ?? []), { fn, statement, access }]);
      }
  return out;
}

/**
 * The values of a function's parameters in each call of the run, folded (a parameter stream
 * of the trace build): conjunctions over `CALL` and the parameters' names.
 */
interface CallParams {
  readonly names: readonly string[];
  readonly pieces: readonly A.Constraint[][];
}

function callParams(fold: FoldResult, names: readonly string[]): CallParams | undefined {
  if (fold.gaveUp) return undefined;
  const pieces: A.Constraint[][] = [];
  for (const piece of fold.pieces) {
    const constraints = pieceConstraints(piece, [CALL]);
    for (let k = 0; k < names.length; k++) {
      const f = labelForm(piece, k, [CALL]);
      if (!f) return undefined;
      constraints.push({ kind: 'eq', expr: A.sub(A.variable(names[k]!, f.den), f.form) });
    }
    pieces.push(constraints);
  }
  return { names, pieces };
}

/**
 * The model's { [call, iterators?, cells] } of `m`, with known parameters fixed and, when the
 * run reported them, the others tied to their values in each call.
 */
function modelRelation(
  m: ModelAccess,
  iterators: readonly string[] | undefined,
  calls: CallParams | undefined,
  predicted = false,
): P.PolySet {
  const { fn, statement, access } = m;
  const values = knownParameterValues(fn);
  const fixed = Object.keys(values);
  const free = fn.parameters.map((p) => p.name).filter((p) => ownValue(values, p) === undefined);
  const subs = access.linearSubscripts ?? access.subscripts;
  const space = { params: fixed, dims: relationDims(iterators, subs.length) };
  const renamed = (a: A.Affine): A.Affine =>
    iterators
      ? {
          constant: a.constant,
          coeffs: nameRecord(
            Object.entries(a.coeffs).map(([n, c]): [string, bigint] => {
              const k = statement.iterators.indexOf(n);
              return [k >= 0 ? iterators[k]! : n, c];
            }),
          ),
        }
      : a;
  const rename = (c: A.Constraint): A.Constraint => ({ kind: c.kind, expr: renamed(c.expr) });
  // Only the parameters still free are tied to the call's values.
  const tied = calls?.names.some((n) => free.includes(n)) ? calls : undefined;
  const perCall = tied ? tied.pieces : [[]];
  const extra = tied ? tied.names.filter((n) => !free.includes(n)) : [];
  // A call whose arguments fail a condition the model assumed at the function's entry
  // (frontend/doWhileEntry.ts): the model says nothing of it, any access may happen (but it
  // predicts no must-write there: `predicted` leaves those calls out).
  const unchecked = (predicted ? [] : (fn.entryFacts ?? [])).flatMap((f) =>
    f.bounds.flatMap((b) =>
      perCall.map((call) => ({
        exists: [...free, ...extra, ...(iterators ? [] : statement.iterators)],
        constraints: [...call, { kind: 'ge' as const, expr: A.sub(A.constant(-1), b.expr) }],
      })),
    ),
  );
  const set = P.fromConjunctions(space, [
    ...unchecked,
    ...statement.domain.pieces.flatMap((piece) =>
      perCall.map((call) => ({
        exists: [
          ...piece.exists,
          ...access.exists,
          ...free,
          ...extra,
          ...(iterators ? [] : statement.iterators),
        ],
        constraints: [
          ...[
            ...piece.constraints,
            ...access.existsConstraints,
            ...fn.context,
            ...subs.flatMap((s, k) =>
              s ? [{ kind: 'eq' as const, expr: A.sub(A.variable(cellName(k)), s) }] : [],
            ),
          ].map(rename),
          ...call,
        ],
      })),
    ),
  ]);
  return P.fixParams(set, values);
}

/** The observed { [iterators?, cells] } of one folded piece. */
function pieceRelation(
  piece: Piece,
  counters: number,
  iterators: readonly string[] | undefined,
  cells: number,
): { set: P.PolySet; exact: boolean } {
  const c = Array.from({ length: piece.lo.length }, (_, j) => counterName(j));
  // The first coordinate of the iteration vector is the call number.
  const constraints = pieceConstraints(piece, c);
  constraints.push({ kind: 'eq', expr: A.sub(A.variable(CALL), A.variable(c[0]!)) });
  let exact = true;
  const targets = [
    ...Array.from({ length: counters }, (_, m) => (iterators ? iterators[m] : undefined)),
    ...Array.from({ length: cells }, (_, k) => cellName(k)),
  ];
  targets.forEach((name, m) => {
    if (!name) return;
    const f = labelForm(piece, m, c);
    if (f) {
      constraints.push({ kind: 'eq', expr: A.sub(A.variable(name, f.den), f.form) });
    } else {
      exact = false;
      const v = A.variable(name);
      constraints.push({ kind: 'ge', expr: A.sub(v, A.constant(piece.label.min[m]!)) });
      constraints.push({ kind: 'ge', expr: A.sub(A.constant(piece.label.max[m]!), v) });
    }
  });
  const dims = relationDims(iterators, cells);
  return { set: P.fromConjunctions({ params: [], dims }, [{ exists: c, constraints }]), exact };
}

function observedRelation(
  fold: FoldResult,
  counters: number,
  iterators: readonly string[] | undefined,
  cells: number,
): { set: P.PolySet; exact: boolean } {
  let set = P.emptySet({ params: [], dims: relationDims(iterators, cells) });
  let exact = !fold.gaveUp;
  for (const piece of fold.pieces) {
    const r = pieceRelation(piece, counters, iterators, cells);
    set = P.union(set, r.set);
    exact &&= r.exact;
  }
  return { set, exact };
}

/**
 * The lexicographically first point of a bounded set (iterators in loop order, then cells):
 * the first instance that did what the model did not say, for the report.
 */
function firstPoint(set: P.PolySet): Record<string, bigint> | undefined {
  let s = set;
  const point = nameRecord<bigint>();
  for (const d of set.space.dims) {
    const m = P.minimize(s, A.variable(d));
    if (m.kind !== 'value') return P.samplePoint(set) ?? undefined;
    point[d] = m.value;
    s = P.intersect(
      s,
      P.fromConjunctions(s.space, [
        {
          exists: [],
          constraints: [{ kind: 'eq', expr: A.sub(A.variable(d), A.constant(m.value)) }],
        },
      ]),
    );
  }
  return point;
}

function describePoint(p: Readonly<Record<string, bigint>>, array: string, cells: number): string {
  const cell = Array.from({ length: cells }, (_, k) => `[${ownValue(p, cellName(k))}]`).join('');
  const its = Object.entries(p)
    .filter(([n]) => !n.startsWith('beeclak_'))
    .map(([n, v]) => `${n} = ${v}`);
  return `${array}${cell}${its.length ? ` at ${its.join(', ')}` : ''}`;
}

function where(a: TraceAccess): string {
  return `${place(a.loc)}`;
}

/** Compares one traced access in one run with the model; the findings. */
function compareAccess(
  access: TraceAccess,
  models: readonly ModelAccess[],
  counters: number,
  fold: FoldResult,
  args: readonly string[],
  calls: CallParams | undefined,
): TraceFinding[] {
  if (fold.points === 0) return [];
  if (models.length === 0)
    return [
      {
        kind: 'not-modelled',
        access,
        args,
        message: `${where(access)}: ${access.text} is executed (${fold.points} times) but not in the model`,
      },
    ];
  const st = models[0]!.statement;
  // The `for` counters are the model's iterators when there are as many, in order.
  const names = counters === st.iterators.length ? st.iterators : undefined;
  const observed = observedRelation(fold, counters, names, access.dims);
  let model: P.PolySet | undefined;
  for (const m of models) {
    const r = modelRelation(m, names, calls);
    model = model ? P.union(model, r) : r;
  }
  const findings: TraceFinding[] = [];
  const extra = P.subtract(observed.set, model!);
  if (!P.isEmpty(extra)) {
    const point = firstPoint(extra);
    const kind = observed.exact ? 'unpredicted' : 'unconfirmed';
    findings.push({
      kind,
      access,
      args,
      point,
      message:
        `${where(access)}: ${access.text} ` +
        (kind === 'unpredicted'
          ? `touched ${point ? describePoint(point, access.array, access.dims) : 'a cell'}, which the model does not predict`
          : `folded only to ranges (${fold.gaveUp ?? 'non-affine labels'}) that the model does not contain` +
            (point ? `, e.g. ${describePoint(point, access.array, access.dims)}` : '')),
    });
  }
  const must = models.filter(
    (m) =>
      m.access.kind === 'write' &&
      !m.access.may &&
      !m.statement.may &&
      !m.access.overApproximated &&
      !m.statement.overApproximated &&
      m.fn.parameters.every((p) => p.value !== undefined || calls?.names.includes(p.name)),
  );
  if (names && observed.exact && must.length > 0) {
    // Without the call's parameters, the calls of the run are those this access saw.
    const seen = fold.pieces.map((p) => [p.lo[0]![p.lo.length]!, p.hi[0]![p.lo.length]!]);
    const callRange: A.Constraint[] = [
      {
        kind: 'ge',
        expr: A.sub(A.variable(CALL), A.constant(Math.min(...seen.map((x) => x[0]!)))),
      },
      {
        kind: 'ge',
        expr: A.sub(A.constant(Math.max(...seen.map((x) => x[1]!))), A.variable(CALL)),
      },
    ];
    const ran = P.fromConjunctions(observed.set.space, [{ exists: [], constraints: callRange }]);
    for (const m of must) {
      const predicted = modelRelation(m, names, calls, true);
      const missing = P.subtract(calls ? predicted : P.intersect(predicted, ran), observed.set);
      if (P.isEmpty(missing)) continue;
      const point = firstPoint(missing);
      findings.push({
        kind: 'not-executed',
        access,
        args,
        point,
        message:
          `${where(access)}: the model has ${access.text} write ` +
          `${point ? describePoint(point, access.array, access.dims) : 'an instance'}, which the run did not perform`,
      });
      break;
    }
  }
  return findings;
}

/** Traces the candidate arrays of `model` over the runs and compares. */
export function traceCheck(
  source: string,
  file: string,
  model: ProgramModel,
  options: Omit<TraceRunOptions, 'only'>,
): Promise<TraceCheckResult> {
  // A call of its own unless it runs within one (src/context/callContext.ts).
  return inCallContext(() => traceCheckInCall(source, file, model, options));
}

async function traceCheckInCall(
  source: string,
  file: string,
  model: ProgramModel,
  options: Omit<TraceRunOptions, 'only'>,
): Promise<TraceCheckResult> {
  const candidates = model.functions.flatMap((fn) =>
    fn.arrays.filter((a) => a.candidate).map((a) => ({ fn: fn.name, name: a.name })),
  );
  const only = new Set(candidates.map((c) => c.name));
  const outcome = await traceProgram(source, file, { ...options, only, countLive: true });
  const byRange = modelAccesses(model);
  const arrays: TraceArrayResult[] = [];
  for (const c of candidates) {
    const accesses = outcome.sites.accesses.filter(
      (a) => a.function === c.fn && a.array === c.name,
    );
    const findings: TraceFinding[] = [];
    let points = 0;
    let pieces = 0;
    for (const run of outcome.runs) {
      for (const a of accesses) {
        const fold = run.folds[a.id]!;
        points += fold.points;
        pieces += fold.pieces.length;
        const models = (byRange.get(`${a.range.start}:${a.range.end}`) ?? []).filter(
          (m) => m.fn.name === c.fn && m.access.array === c.name,
        );
        const stream = outcome.streams[a.id]!;
        const ps = outcome.streams.findIndex((x) => x.function === c.fn && x.params);
        const calls =
          ps >= 0 ? callParams(run.folds[ps]!, outcome.streams[ps]!.params!) : undefined;
        findings.push(
          ...compareAccess(a, models, stream.counterLoops.length, fold, run.args, calls),
        );
      }
    }
    arrays.push({
      function: c.fn,
      name: c.name,
      status: findings.length ? 'unsafe' : 'agrees',
      accesses: accesses.length,
      points,
      pieces,
      findings,
      live: outcome.runs.map(
        (run) =>
          run.live?.find((x) => x.function === c.fn && x.array === c.name) ?? {
            kind: 'skipped',
            function: c.fn,
            array: c.name,
            reason: 'not accessed in this run',
          },
      ),
    });
  }
  return { outcome, arrays };
}
