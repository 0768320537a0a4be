/**
 * `for` loops (and the `while` and `do` loops loopForms.ts reads as such) as static control
 * parts: the counter, its initial value and constant step, the exit test (monotone in the
 * counter, else dropped and flagged), and the refusals (no counter, a step that is not
 * constant, a counter changed or redeclared in the body, a do-while whose condition may be
 * false for the first value).
 */
import type { Constraint } from '../poly/affine.js';
import { coeff, constant, evaluate, scale, sub, variable } from '../poly/affine.js';
import type { Conjunction } from '../model/types.js';
import { writeTarget, writtenNames } from './escapes.js';
import { cCond, cValue } from './expr.js';
import { type Interval, affineRange } from './bounds.js';
import { type IntType, typeRange, wraps } from './integers.js';
import {
  type FunctionScope,
  declaredType,
  domainBox,
  exprScope,
  fresh,
  knownValues,
  uniqueName,
} from './names.js';
import { type Node, child, namesDeclaredBy, unparenthesized, walk } from './parse.js';
import { declaredIntType } from './typedefs.js';
import {
  type Cond,
  type PwAff,
  condAnd,
  constValue,
  eq,
  ge,
  pwAdd,
  pwConst,
  pwVar,
} from './pwaff.js';
import { arrayUses } from './references.js';
import { entryFact, holdsAtEntry, stepValue } from './doWhileEntry.js';
import type { LoopParts } from './loopForms.js';
import { type Ctx, type FunctionState, inRegion, key, reason } from './state.js';

function forParts(n: Node): LoopParts {
  return {
    init: child(n, 'initializer'),
    condition: child(n, 'condition'),
    update: child(n, 'update'),
    body: child(n, 'body')!,
  };
}

/** Refuses loop `n`: every array it uses in the region carries the reason. */
function refuseLoop(st: FunctionState, n: Node, why: string): undefined {
  const where = st.src.locOf(n);
  for (const id of arrayUses(st, n)) {
    if (!inRegion(st, id)) continue;
    reason(
      st.arrays.get(id.text)!,
      'loop-not-modelled',
      `${why} (loop at ${where.line}:${where.column})`,
      where,
    );
    st.uncoveredWhy.set(key(id), why);
  }
  return undefined;
}

/** The loop variable and its initial value: from the init, else from the update. */
function loopCounter(
  st: FunctionState,
  parts: LoopParts,
  ctx: Ctx,
): { cname: string | undefined; initValue: Node | null } {
  const { init, update } = parts;
  let cname: string | undefined;
  let initValue: Node | null = null;
  if (init?.type === 'declaration') {
    const d = counterDeclarator(st, parts, ctx);
    if (d) {
      cname = child(d, 'declarator')!.text;
      initValue = child(d, 'value');
    }
  } else if (init?.type === 'assignment_expression' && child(init, 'operator')?.text === '=') {
    const l = child(init, 'left');
    if (l?.type === 'identifier') {
      cname = l.text;
      initValue = child(init, 'right');
    }
  }
  if (!cname && update) {
    const u = stepOf(st, update, undefined, ctx);
    cname = u?.name;
  }
  return { cname, initValue };
}

/**
 * The declarator of the counter in a declaration `init`: its only one, or (a `while` or `do`
 * loop's `int k = 0, s = 0;` before it) the one of the variable the update steps.
 */
function counterDeclarator(st: FunctionState, parts: LoopParts, ctx: Ctx): Node | undefined {
  const ds = parts.init!.childrenForFieldName('declarator');
  const named = (d: Node) =>
    d.type === 'init_declarator' && child(d, 'declarator')?.type === 'identifier';
  if (ds.length === 1) return named(ds[0]) ? ds[0] : undefined;
  const stepped = parts.update && stepOf(st, parts.update, undefined, ctx)?.name;
  return ds.find((d) => named(d) && child(d, 'declarator')!.text === stepped);
}

/**
 * Header reads are not modelled statements: those arrays only are refused, and the bound
 * that reads them is dropped as non-affine.
 */
function refuseHeaderUses(st: FunctionState, parts: LoopParts): void {
  const headerUses = [parts.init, parts.condition, parts.update]
    .filter((x): x is Node => !!x)
    .flatMap((x) => arrayUses(st, x));
  for (const id of headerUses) {
    const loc = st.src.locOf(id);
    reason(
      st.arrays.get(id.text)!,
      'loop-header-access',
      `accessed in a loop header at ${loc.line}:${loc.column}`,
      loc,
    );
    st.uncoveredWhy.set(key(id), 'in a loop header');
  }
}

/**
 * Why the counter changes (or is shadowed) in the body or the condition besides its step;
 * undefined when it does not. (`(k -= 2) > 0` in a condition steps the counter too: the loop
 * was read with the update's step alone, review 2026-11-29.)
 */
function changedInBody(parts: LoopParts, cname: string): string | undefined {
  const own = [parts.step, parts.doWhile && !parts.step ? parts.update : undefined];
  const inOwn = (x: Node) =>
    own.some((o) => o && x.startIndex >= o.startIndex && x.endIndex <= o.endIndex);
  for (const x of walk(parts.body)) {
    if (inOwn(x)) continue; // a while or do loop's own step
    if (namesDeclaredBy(x).includes(cname))
      return `loop counter '${cname}' is redeclared in the body`;
    if (writtenNames(writeTarget(x)).includes(cname))
      return `loop counter '${cname}' is modified in the body`;
  }
  for (const x of parts.condition ? walk(parts.condition) : []) {
    if (!inOwn(x) && writtenNames(writeTarget(x)).includes(cname))
      return `loop counter '${cname}' is modified in the loop condition`;
  }
  return undefined;
}

/** The counter's node and C type: its values are the model's only while none wraps. */
function counterType(
  st: FunctionState,
  parts: LoopParts,
  cname: string,
  ctx: Ctx,
): { counterNode: Node | null | undefined; ctype: IntType | undefined } {
  const { init, update } = parts;
  const declarator = init?.type === 'declaration' ? counterDeclarator(st, parts, ctx) : undefined;
  const counterNode =
    init?.type === 'declaration'
      ? declarator && child(declarator, 'declarator')
      : init?.type === 'assignment_expression'
        ? child(init, 'left')
        : update && walkFind(update, cname);
  const ctype =
    init?.type === 'declaration'
      ? declaredIntType(init, st.typedefs)
      : counterNode
        ? declaredType(st, counterNode)
        : undefined;
  return { counterNode, ctype };
}

/** Why something else than the loop's step may change the counter (a pointer, a call). */
function changedElsewhere(
  st: FunctionState,
  n: Node,
  cname: string,
  counterNode: Node | null | undefined,
): string | undefined {
  if (st.addressTaken.has(cname))
    return `the address of loop counter '${cname}' is taken, so it may change through a pointer`;
  if (counterNode && outlivesCall(st, counterNode) && callsFunction(st, n))
    return `loop counter '${cname}' is not local to the function and the loop calls a function that may change it`;
  // A file-scope or static counter may be pointed to from anywhere (`int *gp = &gi;` at file
  // scope): a write through a pointer in the loop may change it (review 2026-11-26).
  if (counterNode && outlivesCall(st, counterNode) && writesThroughPointer(st, n))
    return `loop counter '${cname}' is not local to the function and the loop writes through a pointer that may point to it`;
  return undefined;
}

/** An accepted loop's counter, as the bound helpers below need it. */
interface Counter {
  /** Its C name. */
  readonly cname: string;
  /** The iterator that stands for it. */
  readonly it: string;
  /** Its constant step. */
  readonly s: bigint;
  readonly ctype: IntType;
  /** The iterators in scope inside the body (the counter's included). */
  readonly iterators: ReadonlyMap<string, string>;
  /** A do-while condition's step `++i` / `i--`: its value over the next iteration's counter. */
  readonly update?: (n: Node) => PwAff | undefined;
}

/** The counter's lower (or upper, decreasing) bound from the initial value, with the stride. */
function firstIterations(st: FunctionState, lb: PwAff, c: Counter): Conjunction[] {
  const { s } = c;
  const iv = variable(c.it);
  return lb.map((p) => {
    const d = s > 0n ? sub(iv, p.value) : sub(p.value, iv);
    const cs: Constraint[] = [...p.constraints, ge(d)];
    const exists = [...p.exists];
    if (s > 1n || s < -1n) {
      const k = fresh(st);
      exists.push(k);
      cs.push(eq(sub(d, scale(variable(k), s > 0n ? s : -s))));
    }
    return { exists, constraints: cs };
  });
}

/** `i != E` with unit step: equivalent to `i < E` (or `i > E` when decreasing). */
function notEqualExit(
  st: FunctionState,
  ctx: Ctx,
  cmp: Node,
  scope: FunctionScope,
  c: Counter,
  lb: PwAff | undefined,
): { exit?: Cond; refused?: string } {
  const { cname, it, s, ctype } = c;
  const l = child(cmp, 'left')!;
  const r = child(cmp, 'right')!;
  // The counter itself, or a do-while condition's step (`++k != n`).
  const counterValue = (x: Node) =>
    x.type === 'identifier' && x.text === cname ? pwVar(it) : c.update?.(x);
  const [other, counterLeft] = counterValue(l) ? [r, true] : [l, false];
  const counterSide = counterLeft ? l : r;
  const v = counterValue(counterSide);
  const e = v && scope.exact?.(cmp) !== false ? cValue(other, scope) : undefined;
  const exit = v && e ? (s > 0n ? ltCond : gtCond)(v, e) : undefined;
  if (!v || !e || startsOnItsSide(st, ctx, { v, e, s, it, lb })) return { exit };
  // A counter that wraps reaches E from the wrong side too (250, ..., 255, 0, ..., 4).
  if (wraps(ctype))
    return { refused: `'${cname}' may pass its type's limit before it equals the bound` };
  // A signed one that starts past E runs until it overflows, unless the body leaves the loop
  // first (exit(), return): `i < E` would model no iteration at all.
  return { refused: `'${cname}' may start past the value it must equal, never reaching it` };
}

/**
 * The counter's first value is on the side of E it steps towards (at most E when it
 * increases, at least E when it decreases): from the bounds, or from the conditions around
 * the loop (a guard `if (m > 0)`).
 */
function startsOnItsSide(
  st: FunctionState,
  ctx: Ctx,
  q: { v: PwAff; e: PwAff; s: bigint; it: string; lb: PwAff | undefined },
): boolean {
  const { v, e, s, it, lb } = q;
  if (reachesFromBelow(lb, e, s, domainBox(st, ctx, true))) return true;
  const side = s > 0n ? ltCond(v, pwAdd(e, pwConst(1n))) : gtCond(v, pwAdd(e, pwConst(-1n)));
  return holdsAtEntry(st, ctx, side, it, lb);
}

/**
 * The exit test as a condition on the counter, undefined unless it is monotone in the
 * counter (else the loop is not a range); `refused` when the loop cannot be modelled.
 */
function exitCond(
  st: FunctionState,
  ctx: Ctx,
  condNode: Node,
  c: Counter,
  cond: Cond,
  lb: PwAff | undefined,
): { exit?: Cond; refused?: string } {
  const { it, s } = c;
  const scope = exprScope(st, c.iterators, { order: [...ctx.order, it], cond }, c.update);
  const cmp = unparenthesized(condNode);
  let exit: Cond | undefined;
  if (cmp.type === 'update_expression' && (s === 1n || s === -1n)) {
    // `while (--m)`: the step's value `!= 0`, reached one step at a time from the side the
    // entry holds on (boundedContext proves it for the first value).
    const v = cValue(cmp, scope);
    exit = v && (s > 0n ? ltCond : gtCond)(v, pwConst(0n));
  } else if (
    cmp.type === 'binary_expression' &&
    child(cmp, 'operator')?.text === '!=' &&
    (s === 1n || s === -1n)
  ) {
    const ne = notEqualExit(st, ctx, cmp, scope, c, lb);
    if (ne.refused) return ne;
    exit = ne.exit;
  } else {
    exit = cCond(condNode, scope);
  }
  if (exit && !monotone(exit, it, s)) exit = undefined;
  return { exit };
}

/** The body's context for an accepted counter: its domain from the bounds, its schedule. */
function boundedContext(
  st: FunctionState,
  n: Node,
  ctx: Ctx,
  position: number,
  parts: LoopParts,
  initValue: Node | null,
  c: Counter,
): Ctx | undefined {
  const { cname, it, s, ctype } = c;
  let overApproximated = ctx.overApproximated;
  const outer = exprScope(st, ctx.iterators, ctx);
  const lb = initValue ? cValue(initValue, outer) : undefined;
  if (lb && initValue && !outer.storesExactly(initValue, ctype))
    return refuseLoop(st, n, `the initial value of '${cname}' may not fit its type`);
  let cond: Cond = ctx.cond;
  if (lb) cond = condAnd(cond, firstIterations(st, lb, c));
  else overApproximated = true;
  const { exit, refused } = parts.condition
    ? exitCond(st, ctx, parts.condition, c, cond, lb)
    : { exit: undefined, refused: undefined };
  if (refused) return refuseLoop(st, n, refused);
  // A do-while runs its body once before any test: it is the `for` loop only when the test
  // holds for the first value (without a test the domain holds every value from the first).
  // Unless the function checks it at its entry: the first value an argument it never changes.
  if (parts.doWhile && exit && !holdsAtEntry(st, ctx, exit, it, lb)) {
    const fact = entryFact(st, exit, it, lb);
    if (!fact)
      return refuseLoop(
        st,
        n,
        `the condition of the do-while loop may be false for the first value of '${cname}', where its body still runs once`,
      );
    st.entryFacts.set(fact.differs, fact);
  }
  if (exit) cond = condAnd(cond, exit);
  else overApproximated = true;
  if (wraps(ctype) && !staysInType(st, ctx, it, cond, ctype, s))
    return refuseLoop(st, n, `'${cname}' may step past the range of its type`);
  const iv = variable(it);
  const schedule = [...ctx.schedule, constant(position), s > 0n ? iv : scale(iv, -1n)];
  return {
    iterators: c.iterators,
    order: [...ctx.order, it],
    cond,
    schedule,
    may: ctx.may,
    overApproximated,
    loop: n,
  };
}

/**
 * The context inside a `for` loop's body: its counter as a new iterator, the domain
 * constraints of its bounds and stride, its schedule dimension. `undefined` when the loop
 * is refused (the arrays it uses then carry the reason).
 */
export function loopContext(
  st: FunctionState,
  n: Node,
  ctx: Ctx,
  position: number,
  parts: LoopParts = forParts(n),
): Ctx | undefined {
  const { cname, initValue } = loopCounter(st, parts, ctx);
  if (!cname) return refuseLoop(st, n, 'loop without a recognisable counter');
  const step = parts.update ? stepOf(st, parts.update, cname, ctx) : undefined;
  if (!step || step.step === 0n)
    return refuseLoop(st, n, `loop step of '${cname}' is not a constant increment`);
  refuseHeaderUses(st, parts);
  const inBody = changedInBody(parts, cname);
  if (inBody) return refuseLoop(st, n, inBody);
  const { counterNode, ctype } = counterType(st, parts, cname, ctx);
  if (!ctype) return refuseLoop(st, n, `loop counter '${cname}' is not of a known integer type`);
  // Nothing else may change the counter: no pointer to it, no function that sees it.
  const elsewhere = changedElsewhere(st, n, cname, counterNode);
  if (elsewhere) return refuseLoop(st, n, elsewhere);
  const it = uniqueName(st, cname);
  const iterators = new Map(ctx.iterators).set(cname, it);
  st.iterTypes.set(it, ctype);
  const update = parts.doWhile && !parts.step ? stepValue(parts.update!, it, step.step) : undefined;
  const c: Counter = { cname, it, s: step.step, ctype, iterators, update };
  return boundedContext(st, n, ctx, position, parts, initValue, c);
}

/** `i++`, `--i`, `i += c`, `i -= c`, `i = i + c`, `i = c + i`, `i = i - c`. */
function stepOf(
  st: FunctionState,
  u: Node,
  cname: string | undefined,
  ctx: Ctx,
): { name: string; step: bigint } | undefined {
  const known = (n: Node): bigint | undefined => {
    // Its C value, proved equal to the mathematical one: `i += (u8)(300)` steps by 44
    // (review: toPwAff alone took 300, and the loop's array was scalarized).
    const v = cValue(n, exprScope(st, ctx.iterators));
    if (!v) return undefined;
    const c = constValue(v);
    if (c !== undefined) return c;
    if (v.length !== 1 || v[0].constraints.length > 0) return undefined;
    try {
      return evaluate(v[0].value, knownValues(st));
    } catch {
      return undefined;
    }
  };
  const ok = (name: string | undefined, step: bigint | undefined) =>
    name && step !== undefined && (!cname || name === cname) ? { name, step } : undefined;
  if (u.type === 'update_expression') {
    const a = child(u, 'argument');
    const op = child(u, 'operator')?.text;
    return a?.type === 'identifier' ? ok(a.text, op === '++' ? 1n : -1n) : undefined;
  }
  if (u.type === 'assignment_expression') {
    const l = child(u, 'left');
    const r = child(u, 'right')!;
    if (l?.type !== 'identifier') return undefined;
    const op = child(u, 'operator')?.text;
    if (op === '+=') return ok(l.text, known(r));
    if (op === '-=') {
      const k = known(r);
      return ok(l.text, k === undefined ? undefined : -k);
    }
    if (op === '=') {
      const rr = unparenthesized(r);
      if (rr.type !== 'binary_expression') return undefined;
      const o = child(rr, 'operator')?.text;
      const a = unparenthesized(child(rr, 'left')!);
      const b = unparenthesized(child(rr, 'right')!);
      if (o === '+' && a.type === 'identifier' && a.text === l.text) return ok(l.text, known(b));
      if (o === '+' && b.type === 'identifier' && b.text === l.text) return ok(l.text, known(a));
      if (o === '-' && a.type === 'identifier' && a.text === l.text) {
        const k = known(b);
        return ok(l.text, k === undefined ? undefined : -k);
      }
    }
  }
  return undefined;
}

function ltCond(a: PwAff, b: PwAff): Cond {
  return a.flatMap((x) =>
    b.map((y) => ({
      exists: [...x.exists, ...y.exists],
      constraints: [
        ...x.constraints,
        ...y.constraints,
        ge(sub(sub(y.value, x.value), constant(1n))),
      ],
    })),
  );
}
function gtCond(a: PwAff, b: PwAff): Cond {
  return ltCond(b, a);
}

/**
 * The exit test of a loop with step s describes the executed range only if it is
 * monotone: with s > 0 every constraint mentioning the counter must bound it from above
 * (coefficient < 0 in `e >= 0`), with s < 0 from below; equalities never qualify.
 */
function monotone(c: Cond, it: string, s: bigint): boolean {
  for (const conj of c) {
    let bounded = false;
    for (const k of conj.constraints) {
      const a = coeff(k.expr, it);
      if (a === 0n) continue;
      if (k.kind === 'eq') return false;
      if ((s > 0n && a > 0n) || (s < 0n && a < 0n)) return false;
      bounded = true;
    }
    // A piece that does not bound the counter would be an endless loop: not a range.
    if (!bounded) return false;
  }
  return true;
}

/** The first node of `n` that is the identifier `name`. */
function walkFind(n: Node, name: string): Node | null {
  for (const x of walk(n)) if (x.type === 'identifier' && x.text === name) return x;
  return null;
}

/** `init` is on the side of `e` the counter moves from: init <= e (s > 0) or init >= e. */
function reachesFromBelow(
  lb: PwAff | undefined,
  e: PwAff,
  s: bigint,
  box: ReadonlyMap<string, Interval>,
): boolean {
  if (!lb || lb.length !== 1 || e.length !== 1) return false;
  if (lb[0].constraints.length > 0 || e[0].constraints.length > 0) return false;
  const r = affineRange(s > 0n ? sub(e[0].value, lb[0].value) : sub(lb[0].value, e[0].value), box);
  return r.lo !== null && r.lo >= 0n;
}

/**
 * A counter of a type that wraps keeps the model's values only if every value of the
 * domain, and the one after the last iteration (that the exit test sees), fit its type.
 */
function staysInType(
  st: FunctionState,
  ctx: Ctx,
  it: string,
  cond: Cond,
  t: IntType,
  s: bigint,
): boolean {
  const own = st.iterTypes.get(it);
  st.iterTypes.delete(it); // the counter's own bounds come from the domain alone
  const box = domainBox(st, { order: [...ctx.order, it], cond }, true);
  if (own) st.iterTypes.set(it, own);
  const iv = box.get(it);
  if (!iv || iv.lo === null || iv.hi === null) return false;
  if (iv.lo > iv.hi) return true; // never entered
  const tr = typeRange(t);
  return iv.lo >= tr.lo && iv.hi <= tr.hi && (s > 0n ? iv.hi + s <= tr.hi : iv.lo + s >= tr.lo);
}

/** The counter is a file-scope or static variable: a called function may write it. */
function outlivesCall(st: FunctionState, use: Node): boolean {
  const b = st.bindings.get(key(use));
  if (b === null) return true;
  let d: Node | null = b ?? use; // (no binding: `use` is the declared name itself)
  while (d && d.type !== 'declaration' && d.type !== 'parameter_declaration') d = d.parent;
  return (
    !!d &&
    d.namedChildren.some(
      (c) => c.type === 'storage_class_specifier' && /static|extern/.test(c.text),
    )
  );
}

/** `n` writes through a pointer: `*p = v`, `p->f = v`, `p[k] = v` with p no array here. */
function writesThroughPointer(st: FunctionState, n: Node): boolean {
  for (const x of walk(n)) {
    let t = writeTarget(x);
    if (!t || x.type === 'pointer_expression') continue; // `&x` takes, does not write
    while (t.type === 'field_expression' && child(t, 'operator')?.text === '.')
      t = unparenthesized(child(t, 'argument')!);
    if (t.type === 'pointer_expression' || t.type === 'field_expression') return true;
    if (t.type === 'subscript_expression') {
      let base = t;
      while (base.type === 'subscript_expression') base = unparenthesized(child(base, 'argument')!);
      if (base.type !== 'identifier' || !st.arrays.has(base.text)) return true;
    }
  }
  return false;
}

/** `n` calls a function (function-like macros are expanded text, not calls). */
function callsFunction(st: FunctionState, n: Node): boolean {
  for (const x of walk(n)) {
    if (x.type !== 'call_expression') continue;
    const f = child(x, 'function');
    if (f?.type === 'identifier' && st.dir.functionMacros.has(f.text)) continue;
    return true;
  }
  return false;
}
