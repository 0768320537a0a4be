/**
 * The feature list of a program, computed from its IR (so a reduced program reports
 * what it still contains): pattern tags plus structural properties.
 */
import type { Aff, Bound, Cond, Program, Stmt, Sub, VExpr } from './ir.js';
import { callFeatures } from './calls.js';

export function programFeatures(p: Program): string[] {
  const f = new Set<string>();
  if (p.params.some((q) => q.kind === 'arg')) f.add('vla');
  f.add(`temps-${p.temps.length}`);
  for (const t of p.temps) {
    f.add(`${t.extents.length}d`);
    if (t.extents.some((e) => Object.keys(e.t).length === 0)) f.add('literal-size');
    if (t.linear) f.add('linearized');
  }
  let maxDepth = 0;

  const loopVars = new Set<string>();
  const usesLoopVar = (a: Aff) => Object.keys(a.t).some((n) => loopVars.has(n));
  const bound = (b: Bound) => {
    if (b.kind !== 'aff') {
      f.add('minmax');
      f.add(`minmax-${b.style}`);
      if (b.kind === 'max') f.add('max-bound');
      if (usesLoopVar(b.a) || usesLoopVar(b.b)) f.add('triangular');
    } else if (usesLoopVar(b.e)) f.add('triangular');
  };
  const cond = (c: Cond) => f.add(c.kind === 'data' ? 'data-dependent-if' : 'affine-if');
  const subs = (ss: Sub[]) => {
    for (const s of ss) {
      if (s.kind === 'data') f.add('non-affine-subscript');
      else if (s.kind === 'sel') f.add('select-subscript');
      else {
        if (s.div) f.add('div-stride');
        if (Object.keys(s.e.t).length > 1) f.add('skew');
        if (s.e.c !== 0 && Object.keys(s.e.t).length > 0) f.add('shifted-subscript');
      }
    }
  };
  const value = (e: VExpr) => {
    switch (e.kind) {
      case 'temp':
        subs(e.ref.subs);
        return;
      case 'bin':
        value(e.a);
        value(e.b);
        return;
      case 'shr':
        value(e.a);
        return;
      case 'sel':
        f.add(e.cond.kind === 'data' ? 'data-dependent-select' : 'affine-select');
        value(e.a);
        value(e.b);
        return;
      default:
        return;
    }
  };
  const walk = (ss: Stmt[], depth: number) => {
    const loopsHere = ss.filter((s) => s.kind === 'for').length;
    if (loopsHere > 1) f.add('sequence');
    ss.forEach((s, k) => {
      if (s.kind === 'assign' && s.seq && ss[k + 1]?.kind === 'assign') f.add('comma');
    });
    for (const s of ss) {
      for (const t of s.tags ?? []) f.add(t);
      switch (s.kind) {
        case 'assign':
          value(s.rhs);
          if (s.lhs.kind === 'temp') {
            subs(s.lhs.ref.subs);
            if (s.op !== '=') f.add('accumulation');
          }
          break;
        case 'if':
          s.conds.forEach(cond);
          if (s.else) f.add('if-else');
          walk(s.then, depth);
          walk(s.else ?? [], depth);
          break;
        case 'for':
          maxDepth = Math.max(maxDepth, depth + 1);
          bound(s.init);
          bound(s.limit);
          if (s.step < 0) f.add('decreasing');
          if (Math.abs(s.step) > 1) f.add('stride');
          if (
            s.init.kind === 'aff' &&
            s.step > 0 &&
            s.init.e.c > 0 &&
            Object.keys(s.init.e.t).length === 0
          )
            f.add('offset');
          loopVars.add(s.v);
          walk(s.body, depth + 1);
          loopVars.delete(s.v);
          break;
      }
    }
  };
  walk(p.body, 0);
  f.add(`depth-${maxDepth}`);
  if (p.calls) for (const x of callFeatures(p.calls)) f.add(x);
  return [...f].sort();
}
