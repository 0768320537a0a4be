/**
 * Linear programs over lambda * conv(DS) with glpk.js (floats: hints only, every caller
 * re-derives or verifies the answer exactly).
 *
 * conv of the union is modelled by the disjunctive (Balas) extended formulation over the
 * rational relaxation of each piece (existential locals relaxed too):
 *   x = sum_k x^k,  A_k (x^k, l^k) + mu_k c_k >= 0,  mu_k >= 0,  lambda = sum_k mu_k.
 * This K contains conv(DS) and may be larger (rational relaxation of pieces); that can
 * only cost compression, never soundness, because mappings are verified exactly.
 */
import type GLPK from 'glpk.js/node';
import type { FixedPiece } from './conflictPoints.js';
import { CallSlot } from '../context/callContext.js';

type Glpk = Awaited<ReturnType<typeof GLPK>>;
/**
 * GLPK is loaded on the first linear program of a call: commands that never solve one skip
 * it (issue 17). One instance per call (src/context/callContext.ts), no module state: Node
 * keeps the imported module, and instantiating its engine again costs about 3 ms a call.
 */
const loadGlpk = (): Promise<Glpk> => import('glpk.js/node').then((m) => m.default());
const engine = new CallSlot((): { loaded?: Promise<Glpk> } => ({}));
function glpk(): Promise<Glpk> {
  const slot = engine.current();
  return slot ? (slot.loaded ??= loadGlpk()) : loadGlpk();
}

export interface Term {
  name: string;
  coef: number;
}

/** x_i as a linear form of named LP variables. */
export type Coordinates = Term[][];

interface Row {
  vars: Term[];
  lo?: number;
  hi?: number;
}

export interface HullModel {
  rows: Row[];
  free: string[];
  nonneg: string[];
  lambda: Term[];
}

function num(v: bigint): number {
  return Number(v);
}

/** Constraints saying `coords in lambda * K` (K as above), lambda = sum of the returned terms. */
export function hullModel(pieces: readonly FixedPiece[], coords: Coordinates): HullModel {
  const rows: Row[] = [];
  const free: string[] = [];
  const nonneg: string[] = [];
  const lambda: Term[] = [];
  const n = coords.length;
  const link: Term[][] = coords.map((c) => [...c]);
  pieces.forEach((p, k) => {
    const mu = `mu${k}`;
    nonneg.push(mu);
    lambda.push({ name: mu, coef: 1 });
    const xs = Array.from({ length: n }, (_, i) => `x${k}_${i}`);
    const ls = Array.from({ length: p.nLocals }, (_, i) => `l${k}_${i}`);
    free.push(...xs, ...ls);
    xs.forEach((x, i) => link[i].push({ name: x, coef: -1 }));
    const termsOf = (r: readonly bigint[]): Term[] => {
      const t: Term[] = [];
      if (r[0] !== 0n) t.push({ name: mu, coef: num(r[0]) });
      for (let i = 0; i < n; i++) if (r[1 + i] !== 0n) t.push({ name: xs[i], coef: num(r[1 + i]) });
      for (let j = 0; j < p.nLocals; j++)
        if (r[1 + n + j] !== 0n) t.push({ name: ls[j], coef: num(r[1 + n + j]) });
      return t;
    };
    for (const r of p.ineqs) rows.push({ vars: termsOf(r), lo: 0 });
    for (const r of p.eqs) rows.push({ vars: termsOf(r), lo: 0, hi: 0 });
  });
  for (const l of link) rows.push({ vars: l, lo: 0, hi: 0 });
  return { rows, free, nonneg, lambda };
}

export type LpResult =
  | { status: 'optimal'; value: number; vars: Record<string, number> }
  | { status: 'infeasible' | 'unbounded' };

/** Minimises `objective` subject to the model rows plus `extra` rows; `integers` are general integers. */
export async function minimizeLp(
  model: HullModel,
  objective: Term[],
  extra: Row[],
  extraFree: string[],
  integers: string[],
): Promise<LpResult> {
  const g = await glpk();
  const bnds = (r: Row) =>
    r.lo !== undefined && r.hi !== undefined
      ? r.lo === r.hi
        ? { type: g.GLP_FX, lb: r.lo, ub: r.hi }
        : { type: g.GLP_DB, lb: r.lo, ub: r.hi }
      : r.lo !== undefined
        ? { type: g.GLP_LO, lb: r.lo, ub: 0 }
        : { type: g.GLP_UP, lb: 0, ub: r.hi ?? 0 };
  const all = [...model.rows, ...extra].filter((r) => r.vars.length > 0);
  const lp = {
    name: 'hull',
    objective: { direction: g.GLP_MIN, name: 'obj', vars: objective },
    subjectTo: all.map((r, i) => ({ name: `r${i}`, vars: r.vars, bnds: bnds(r) })),
    bounds: [
      ...[...model.free, ...extraFree, ...integers].map((name) => ({
        name,
        type: g.GLP_FR,
        lb: 0,
        ub: 0,
      })),
      ...model.nonneg.map((name) => ({ name, type: g.GLP_LO, lb: 0, ub: 0 })),
    ],
    generals: integers,
  };
  type Res = { result: { status: number; z: number; vars: Record<string, number> } };
  let res: Res;
  try {
    res = g.solve(lp as never, { msglev: g.GLP_MSG_OFF, presol: true } as never) as unknown as Res;
  } catch {
    // glpk's presolver aborts on some degenerate programs (assertion in npp3.c); the wasm
    // instance is unusable afterwards: start a fresh one and answer "no hint" (every
    // caller treats LP answers as hints and verifies exactly).
    const slot = engine.current();
    if (slot) delete slot.loaded;
    return { status: 'infeasible' };
  }
  const s = res.result.status;
  if (s === g.GLP_OPT || s === g.GLP_FEAS)
    return { status: 'optimal', value: res.result.z, vars: res.result.vars };
  if (s === g.GLP_UNBND) return { status: 'unbounded' };
  return { status: 'infeasible' };
}
