/**
 * One object for each affine form and constraint of a unit's models that equals another
 * (issue 29, item 3). The loops of a file's functions are much alike: `i >= 0`, `15 - i >= 0`,
 * the schedule's constants, the subscript `i`; 5 MB of kernels held ~400,000 forms of which
 * a few dozen differ, a third of the models' memory, and each was copied by the young
 * generation's collector before it was promoted. The forms are plain data no stage writes
 * (readonly; every operation of poly/affine.ts makes a new one), so one object serves every
 * place that holds an equal one.
 *
 * Equal means the same record kind, the same coefficients in the same order and the same
 * constant (a form's key order is what later stages iterate and print), and no other own
 * property: a form that is not exactly `{ coeffs, constant }` over a name record, or a
 * constraint not exactly `{ kind, expr }`, is kept as it is.
 */
import type { Affine, Constraint } from '../poly/affine.js';
import { nameRecord } from '../poly/nameRecord.js';
import type {
  Access,
  Conjunction,
  Domain,
  FunctionModel,
  HelperCall,
  Statement,
} from '../model/types.js';

/** The forms met so far in one unit (made by `formTable`, one per unit modelled). */
export interface FormTable {
  readonly affines: Map<string, Affine>;
  readonly constraints: Map<Affine, { ge?: Constraint; eq?: Constraint }>;
  /** The prototype of name records (poly/nameRecord.ts). */
  readonly records: object | null;
}

export function formTable(): FormTable {
  return {
    affines: new Map(),
    constraints: new Map(),
    records: Object.getPrototypeOf(nameRecord()) as object | null,
  };
}

/** `fm` with its statements', helper calls' and context's forms shared through `table`. */
export function withSharedForms(fm: FunctionModel, table: FormTable): FunctionModel {
  return {
    ...fm,
    context: fm.context.map((c) => constraint(c, table)),
    statements: fm.statements.map((s) => statement(s, table)),
    ...(fm.helperCalls ? { helperCalls: fm.helperCalls.map((h) => helperCall(h, table)) } : {}),
  };
}

function statement(s: Statement, t: FormTable): Statement {
  return {
    ...s,
    domain: domain(s.domain, t),
    schedule: s.schedule.map((a) => affine(a, t)),
    accesses: s.accesses.map((a) => access(a, t)),
  };
}

function helperCall(h: HelperCall, t: FormTable): HelperCall {
  return { ...h, domain: domain(h.domain, t), schedule: h.schedule.map((a) => affine(a, t)) };
}

function access(a: Access, t: FormTable): Access {
  return {
    ...a,
    subscripts: a.subscripts.map((x) => (x === null ? x : affine(x, t))),
    existsConstraints: a.existsConstraints.map((c) => constraint(c, t)),
  };
}

function domain(d: Domain, t: FormTable): Domain {
  return { ...d, pieces: d.pieces.map((p) => piece(p, t)) };
}

function piece(p: Conjunction, t: FormTable): Conjunction {
  return { ...p, constraints: p.constraints.map((c) => constraint(c, t)) };
}

function constraint(c: Constraint, t: FormTable): Constraint {
  const keys = Object.keys(c);
  if (keys.length !== 2 || keys[0] !== 'kind' || keys[1] !== 'expr') return c;
  const expr = affine(c.expr, t);
  let byKind = t.constraints.get(expr);
  if (!byKind) t.constraints.set(expr, (byKind = {}));
  const known = byKind[c.kind];
  if (known) return known;
  const own = expr === c.expr ? c : { kind: c.kind, expr };
  byKind[c.kind] = own;
  return own;
}

function affine(a: Affine, t: FormTable): Affine {
  const keys = Object.keys(a);
  if (keys.length !== 2 || keys[0] !== 'coeffs' || keys[1] !== 'constant') return a;
  if (Object.getPrototypeOf(a.coeffs) !== t.records || typeof a.constant !== 'bigint') return a;
  // Each name with its length: no name can end early or run into the next.
  let key = `${a.constant}`;
  for (const name of Object.keys(a.coeffs)) {
    const v = a.coeffs[name];
    if (typeof v !== 'bigint') return a;
    key += ` ${name.length}:${name}=${v}`;
  }
  const known = t.affines.get(key);
  if (known) return known;
  t.affines.set(key, a);
  return a;
}
