/**
 * The profiled model of one array (`beeclak profile`): the folded pieces of its traced
 * accesses in the profiled runs, written as a polyhedral model (model/types.ts) so that
 * the static lifetime analysis, the lattice search and the rewriter apply unchanged.
 *
 * - One statement per (run, access, piece). Its iterators are the canonical counters of the
 *   trace (folding paper, section 4.1), named per loop (`L3`), after the run (`run`) and the
 *   call (`call`); its domain is the piece, with `run` fixed.
 * - Its subscripts are the piece's affine cell labels; a label without an affine form (⊤,
 *   a give-up) becomes "any cell" and the statement a may-statement: lifetimes only grow.
 * - Its 2d+1 schedule interleaves the textual positions of the loops and the statement
 *   around the access (source offsets: textual order is execution order inside a body)
 *   with the counters; reads of a statement come before its writes (`order`).
 * - `run` and `call` are the array's block iterators: every run and every call has its own
 *   array, so cells of different ones never conflict.
 *
 * The result holds for the profiled inputs only: "profiled, not proved".
 */
import * as A from '../../poly/affine.js';
import type { Access, ArrayInfo, FunctionModel, Statement } from '../../model/types.js';
import type { TraceAccess, TraceSites } from '../../model/trace.js';
import { labelForm, pieceConstraints, type FoldResult } from '../../dynamic/fold/index.js';
import type { TraceStream } from '../../rewrite/traceInstrument.js';

export interface ProfiledRun {
  readonly folds: readonly FoldResult[];
}

const RUN = 'run';
const CALL = 'call';
const loopName = (id: number) => `L${id}`;

function iteratorsOf(a: TraceAccess): string[] {
  return [RUN, CALL, ...a.loops.map(loopName)];
}

function schedule(sites: TraceSites, a: TraceAccess): A.Affine[] {
  const s: A.Affine[] = [A.variable(RUN), A.variable(CALL)];
  for (const l of a.loops) {
    s.push(A.constant(sites.loops[l]!.range.start), A.variable(loopName(l)));
  }
  s.push(A.constant(a.statement.start));
  return s;
}

/** The statements of one access in one run (one per folded piece). */
function statementsOf(
  sites: TraceSites,
  a: TraceAccess,
  stream: TraceStream,
  fold: FoldResult,
  run: number,
): Statement[] {
  const iterators = iteratorsOf(a);
  const counters = iterators.slice(1); // the trace's iteration vector: call, loops
  return fold.pieces.map((piece, k) => {
    const constraints: A.Constraint[] = [
      { kind: 'eq', expr: A.sub(A.variable(RUN), A.constant(run)) },
      ...pieceConstraints(piece, counters),
    ];
    let approximate = fold.gaveUp !== undefined;
    const subscripts = Array.from({ length: a.dims }, (_, d) => {
      const f = labelForm(piece, stream.counterLoops.length + d, counters);
      if (!f || f.den !== 1n) {
        approximate = true;
        return null;
      }
      return f.form;
    });
    const access = (kind: 'read' | 'write', order: number): Access => ({
      array: a.array,
      kind,
      subscripts,
      exists: [],
      existsConstraints: [],
      order,
      may: approximate,
      overApproximated: approximate,
      loc: a.loc,
      range: a.range,
      indexRanges: a.indexRanges,
    });
    const accesses =
      a.kind === 'readwrite'
        ? [access('read', 0), access('write', 1)]
        : [access(a.kind, a.kind === 'read' ? 0 : 1)];
    return {
      id: `r${run}a${a.id}p${k}`,
      loc: a.loc,
      text: a.text,
      range: a.statement,
      iterators,
      domain: { dims: iterators, pieces: [{ exists: [], constraints }] },
      schedule: schedule(sites, a),
      accesses,
      may: approximate,
      overApproximated: approximate,
    };
  });
}

/**
 * The profiled model of `array` (its static ArrayInfo, for extents and ranges) over the
 * runs: a function with one array and the statements of its folded accesses.
 */
export function profiledFunction(
  sites: TraceSites,
  streams: readonly TraceStream[],
  runs: readonly ProfiledRun[],
  array: ArrayInfo,
  fn: string,
  parameters: FunctionModel['parameters'],
): FunctionModel {
  const accesses = sites.accesses.filter((a) => a.function === fn && a.array === array.name);
  const statements = runs.flatMap((run, r) =>
    accesses.flatMap((a) => statementsOf(sites, a, streams[a.id]!, run.folds[a.id]!, r)),
  );
  const info: ArrayInfo = {
    ...array,
    candidate: true,
    reasons: [],
    blockIterators: [RUN, CALL],
    delinearized: undefined,
  };
  return {
    name: fn,
    loc: array.loc,
    range: { start: 0, end: 0 },
    // Extents may name macros: their values come along (every parameter used has one).
    parameters: parameters.filter((p) => p.value !== undefined),
    context: [],
    arrays: [info],
    statements,
    diagnostics: [],
  };
}
