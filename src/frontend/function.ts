/**
 * One function -> its FunctionModel: arrays with candidacy, parameters, and the static
 * control parts (statements with domains, 2d+1 schedules and accesses).
 *
 * Soundness rules followed here (DESIGN.md): whatever is not understood makes domains
 * larger (dropped bounds, flagged), subscripts unknown (null, flagged), or the array not a
 * candidate (with a reason). A final sweep over every use of every array makes sure no
 * access escapes the model: a use that no modelled statement covers disqualifies the array.
 */
import type { Affine, Constraint } from '../poly/affine.js';
import { constant, evaluate, isConstant, scale, sub, variable, variables } from '../poly/affine.js';
import type {
  Access,
  ArrayInfo,
  Conjunction,
  Diagnostic,
  Extent,
  FunctionModel,
  NotCandidateReason,
  Parameter,
  SourceLoc,
  Statement,
} from '../model/types.js';
import { type ArrayDecl, arrayDecls, extentOf } from './arrays.js';
import { affineRange, type Interval, propagate } from './bounds.js';
import { type Directives, constDeclarations, pragmaKind } from './directives.js';
import { type ExprScope, toCond, toPwAff } from './expr.js';
import { accessCases, evaluationGuard, neverEvaluated, singlePieceCase } from './accessCases.js';
import { type Node, type SourceText, child, walk } from './parse.js';
import { type Cond, type PwAff, TRUE, condAnd, constValue, eq, ge, pwVar } from './pwaff.js';
import { filePromises, isPromised, type TemporaryPromise } from './promises.js';

export interface FrontendOptions {
  readonly defines?: Readonly<Record<string, bigint>>;
  readonly temporaries?: readonly string[];
  /** The file's promises, resolved by buildModel (src/frontend/promises.ts). */
  readonly promises?: readonly TemporaryPromise[];
}

interface ArrayRec {
  decl: ArrayDecl;
  extents: Extent[];
  reasons: NotCandidateReason[];
  marked: boolean;
  rank: number;
  /** Iterators of the loops around the declaration (set when the walk reaches it). */
  blockIterators?: readonly string[];
}

interface Ctx {
  /** C name -> model name of the iterators in scope. */
  readonly iterators: ReadonlyMap<string, string>;
  readonly order: readonly string[];
  readonly cond: Cond;
  readonly schedule: readonly Affine[];
  readonly may: boolean;
  readonly overApproximated: boolean;
  /** The innermost enclosing loop (for break/continue). */
  readonly loop?: Node;
}

const INTEGRAL =
  /^(const\s+)?(unsigned\s+|signed\s+)?(int|long|short|char|long\s+long|size_t|ptrdiff_t|u?int\d+_t)$/;

const UNMODELLED: Record<string, string> = {
  while_statement: 'while loop',
  do_statement: 'do-while loop',
  switch_statement: 'switch',
  goto_statement: 'goto',
  labeled_statement: 'label',
  break_statement: 'break',
  continue_statement: 'continue',
  return_statement: 'return',
};

function key(n: Node): string {
  return `${n.startIndex}:${n.endIndex}`;
}

export class FunctionBuilder {
  private readonly arrays = new Map<string, ArrayRec>();
  private readonly arrayOrder: string[] = [];
  private readonly params = new Map<string, Parameter>();
  private readonly statements: Statement[] = [];
  private readonly diagnostics: Diagnostic[] = [];
  private readonly usedNames = new Set<string>();
  private readonly identifiers = new Set<string>();
  private readonly assigned = new Set<string>();
  private readonly intArgs = new Map<string, Node>();
  private readonly localConsts = new Map<string, { value: bigint; loc: SourceLoc }>();
  /** Top-level integer locals set once at their declaration: symbolic constants. */
  private readonly onceLocals = new Map<string, Node>();
  /** How often each name is declared in the body: a shadowed name is no parameter. */
  private readonly declCount = new Map<string, number>();
  /** Element accesses covered by a modelled statement. */
  private readonly covered = new Set<string>();
  private readonly uncoveredWhy = new Map<string, string>();
  private readonly inRegion = new Set<string>();
  private freshCount = 0;
  private readonly name: string;
  private readonly body: Node;

  constructor(
    private readonly fn: Node,
    private readonly src: SourceText,
    private readonly dir: Directives,
    private readonly globals: ReadonlyMap<string, ArrayDecl>,
    private readonly options: FrontendOptions,
    /** For each file-scope array, the functions whose bodies name it. */
    private readonly globalUsers: ReadonlyMap<string, readonly string[]> = new Map(),
  ) {
    let d = child(fn, 'declarator');
    while (d && d.type !== 'function_declarator') d = child(d, 'declarator');
    this.name = (d && child(d, 'declarator')?.text) ?? '?';
    this.body = child(fn, 'body')!;
    for (const n of walk(fn)) if (n.type === 'identifier') this.identifiers.add(n.text);
    for (const n of walk(this.body)) {
      const target =
        n.type === 'assignment_expression'
          ? child(n, 'left')
          : n.type === 'update_expression'
            ? child(n, 'argument')
            : n.type === 'pointer_expression' && child(n, 'operator')?.text === '&'
              ? child(n, 'argument')
              : null;
      if (target?.type === 'identifier') this.assigned.add(target.text);
    }
    if (d) this.collectParameters(child(d, 'parameters'));
    this.collectLocals();
  }

  // ---- declarations -------------------------------------------------------------------

  private addArray(decl: ArrayDecl): void {
    const existing = this.arrays.get(decl.name);
    if (existing) {
      this.reason(
        existing,
        'not-analysable',
        `'${decl.name}' is declared more than once in '${this.name}'`,
        decl.loc,
      );
      return;
    }
    const rec: ArrayRec = {
      decl,
      extents: [],
      reasons: [],
      marked: false,
      rank: decl.sizeNodes.length,
    };
    this.arrays.set(decl.name, rec);
    this.arrayOrder.push(decl.name);
  }

  private collectParameters(list: Node | null): void {
    for (const p of list?.namedChildren ?? []) {
      if (p.type !== 'parameter_declaration') continue;
      const decls = arrayDecls(p, this.src, 'parameter');
      for (const a of decls) this.addArray(a);
      const id = child(p, 'declarator');
      const type = child(p, 'type')?.text ?? '';
      if (id?.type === 'identifier' && INTEGRAL.test(type.replace(/\s+/g, ' ')))
        this.intArgs.set(id.text, p);
    }
  }

  private collectLocals(): void {
    for (const n of walk(this.body)) {
      if (n.type !== 'declaration') continue;
      for (const name of declaredNames(n))
        this.declCount.set(name, (this.declCount.get(name) ?? 0) + 1);
      for (const a of arrayDecls(n, this.src, 'local')) this.addArray(a);
      for (const k of constDeclarations(n, this.src, (e) => this.constValueOf(e)))
        this.localConsts.set(k.name, { value: k.value, loc: k.loc });
      if (n.parent?.id === this.body.id) {
        const type = child(n, 'type')?.text ?? '';
        if (!INTEGRAL.test(type.replace(/\s+/g, ' '))) continue;
        for (const d of n.childrenForFieldName('declarator')) {
          const id = d.type === 'init_declarator' ? child(d, 'declarator') : null;
          if (id?.type === 'identifier' && !this.assigned.has(id.text))
            this.onceLocals.set(id.text, d);
        }
      }
    }
  }

  private constValueOf(n: Node): bigint | undefined {
    const v = toPwAff(n, this.scope(new Map()));
    if (!v) return undefined;
    const a = v.length === 1 && v[0].constraints.length === 0 ? v[0].value : undefined;
    if (!a) return undefined;
    try {
      return evaluate(a, this.knownValues());
    } catch {
      return undefined;
    }
  }

  private knownValues(): Record<string, bigint> {
    const out: Record<string, bigint> = {};
    for (const p of this.params.values()) if (p.value !== undefined) out[p.name] = p.value;
    return out;
  }

  // ---- names --------------------------------------------------------------------------

  private uniqueName(base: string): string {
    let name = base;
    for (let k = 1; this.usedNames.has(name) || (name !== base && this.identifiers.has(name)); k++)
      name = `${base}_${k}`;
    this.usedNames.add(name);
    return name;
  }

  private fresh = (): string => {
    let name: string;
    do name = `_q${this.freshCount++}`;
    while (this.identifiers.has(name));
    return name;
  };

  private useParam(p: Parameter): PwAff {
    if (!this.params.has(p.name)) this.params.set(p.name, p);
    return pwVar(p.name);
  }

  /** Resolution of identifiers in bounds, conditions, subscripts and sizes. */
  private scope(iterators: ReadonlyMap<string, string>): ExprScope {
    const expanding = new Set<string>();
    const identifier = (name: string): PwAff | undefined => {
      const it = iterators.get(name);
      if (it) return pwVar(it);
      if (this.arrays.has(name)) return undefined;
      const cl = this.options.defines?.[name];
      if (cl !== undefined) return this.useParam({ name, value: cl, source: 'command-line' });
      const m = this.dir.objectMacros.get(name);
      if (m) {
        if (m.value !== undefined)
          return this.useParam({ name, value: m.value, source: 'define', loc: m.loc });
        if (!m.expr || expanding.has(name)) return undefined;
        expanding.add(name);
        try {
          return toPwAff(m.expr, scope);
        } finally {
          expanding.delete(name);
        }
      }
      const declared = this.declCount.get(name) ?? 0;
      const lc = this.localConsts.get(name);
      if (lc && declared === 1)
        return this.useParam({ name, value: lc.value, source: 'const', loc: lc.loc });
      const k = this.dir.constants.get(name);
      if (k && declared === 0)
        return this.useParam({ name, value: k.value, source: k.source, loc: k.loc });
      const arg = this.intArgs.get(name);
      if (arg && declared === 0 && !this.assigned.has(name))
        return this.useParam({ name, source: 'argument', loc: this.src.locOf(arg) });
      const once = this.onceLocals.get(name);
      if (once && declared === 1)
        return this.useParam({ name, source: 'vla', loc: this.src.locOf(once) });
      return undefined;
    };
    const scope: ExprScope = {
      identifier,
      functionMacros: this.dir.functionMacros,
      fresh: this.fresh,
      knownValue: (name) => this.params.get(name)?.value,
    };
    return scope;
  }

  /** A single affine form without guards, or undefined. */
  private affineOf(n: Node, iterators: ReadonlyMap<string, string>): Affine | undefined {
    const v = toPwAff(n, this.scope(iterators));
    if (!v || v.length !== 1 || v[0].constraints.length > 0 || v[0].exists.length > 0)
      return undefined;
    return v[0].value;
  }

  private reason(
    rec: ArrayRec,
    kind: NotCandidateReason['kind'],
    message: string,
    loc: SourceLoc,
  ): void {
    if (rec.reasons.some((r) => r.kind === kind && r.message === message)) return;
    rec.reasons.push({ kind, message, loc });
  }

  // ---- element accesses ---------------------------------------------------------------

  /** The subscript chain `a[i][j]` rooted at identifier `id`: its top node and index nodes. */
  private chainOf(id: Node): { top: Node; indices: Node[] } {
    let top = id;
    const indices: Node[] = [];
    while (
      top.parent?.type === 'subscript_expression' &&
      child(top.parent, 'argument')?.id === top.id
    ) {
      top = top.parent;
      const idx = child(top, 'index') ?? top.namedChildren[1];
      indices.push(idx);
    }
    return { top, indices };
  }

  /** Array identifiers used inside `n` (not declarators). */
  private arrayUses(n: Node): Node[] {
    const out: Node[] = [];
    for (const x of walk(n)) {
      if (x.type !== 'identifier' || !this.arrays.has(x.text)) continue;
      const p = x.parent;
      if (p && /declarator$/.test(p.type) && child(p, 'declarator')?.id === x.id) continue;
      if (p?.type === 'parameter_declaration') continue;
      out.push(x);
    }
    return out;
  }

  /** Full-rank element accesses inside `n` that a statement can model. */
  private elementAccesses(n: Node): { id: Node; top: Node; indices: Node[] }[] {
    const out: { id: Node; top: Node; indices: Node[] }[] = [];
    for (const id of this.arrayUses(n)) {
      const rec = this.arrays.get(id.text)!;
      const c = this.chainOf(id);
      if (c.indices.length !== rec.rank || rec.rank === 0) continue;
      const p = c.top.parent;
      if (p?.type === 'pointer_expression' && child(p, 'operator')?.text === '&') continue;
      if (p?.type === 'field_expression' || p?.type === 'sizeof_expression') continue;
      out.push({ id, ...c });
    }
    return out;
  }

  // ---- statements ---------------------------------------------------------------------

  build(): FunctionModel {
    const children = this.body.namedChildren;
    const scops = children.filter((c) => pragmaKind(c) === 'scop');
    const nested = [...walk(this.body)].filter(
      (n) => pragmaKind(n) === 'scop' && n.parent?.id !== this.body.id,
    );
    if (nested.length > 0)
      this.diagnostics.push({
        severity: 'warning',
        loc: this.src.locOf(nested[0]),
        message: "'#pragma scop' not at the top level of the function body is ignored",
      });
    const regions: Node[][] = [];
    if (scops.length > 0) {
      let cur: Node[] | undefined;
      for (const c of children) {
        const k = pragmaKind(c);
        if (k === 'scop') cur = [];
        else if (k === 'endscop') {
          if (cur) regions.push(cur);
          cur = undefined;
        } else if (cur) cur.push(c);
      }
      if (cur) regions.push(cur);
    } else {
      regions.push(children);
    }
    for (const r of regions) for (const s of r) for (const x of walk(s)) this.inRegion.add(key(x));
    const root: Ctx = {
      iterators: new Map(),
      order: [],
      cond: TRUE,
      schedule: [],
      may: false,
      overApproximated: false,
    };
    const counter = { next: 0 };
    for (const r of regions) {
      r.forEach((s, k) => {
        // A final `return` ends the function: nothing after it to mis-model.
        const finalReturn =
          scops.length === 0 && s.type === 'return_statement' && k === r.length - 1;
        this.statement(s, root, counter, finalReturn);
      });
    }
    this.computeExtents();
    this.sweep();
    return this.finish();
  }

  private statement(n: Node, ctx: Ctx, counter: { next: number }, finalReturn = false): void {
    switch (n.type) {
      case 'compound_statement':
        for (const c of n.namedChildren) this.statement(c, ctx, counter);
        return;
      case 'expression_statement':
        if (this.elementAccesses(n).length > 0) this.emit(n, n, ctx, counter.next++);
        return;
      case 'declaration':
        this.declaration(n, ctx, counter);
        return;
      case 'for_statement':
        this.forLoop(n, ctx, counter.next++);
        return;
      case 'if_statement':
        this.ifStatement(n, ctx, counter);
        return;
      case 'comment':
      case 'preproc_call':
      case ';':
        return;
      case 'return_statement':
        if (finalReturn) {
          if (this.elementAccesses(n).length > 0) this.emit(n, n, ctx, counter.next++);
          return;
        }
        break;
    }
    const what = UNMODELLED[n.type] ?? n.type.replace(/_/g, ' ');
    const where = this.src.locOf(n);
    // break/continue change the enclosing loop; return/goto/labels anything after them.
    const affected =
      n.type === 'break_statement' || n.type === 'continue_statement'
        ? (ctx.loop ?? this.body)
        : n.type === 'return_statement' ||
            n.type === 'goto_statement' ||
            n.type === 'labeled_statement'
          ? this.body
          : n;
    for (const id of this.arrayUses(affected)) {
      const rec = this.arrays.get(id.text)!;
      if (!this.inRegion.has(key(id))) continue;
      this.reason(
        rec,
        'not-analysable',
        `${what} at ${where.line}:${where.column} cannot be modelled`,
        where,
      );
    }
    for (const id of this.arrayUses(n)) this.uncoveredWhy.set(key(id), `inside a ${what}`);
  }

  private declaration(n: Node, ctx: Ctx, counter: { next: number }): void {
    for (const d of n.childrenForFieldName('declarator')) {
      const declared = d.type === 'init_declarator' ? child(d, 'declarator') : d;
      const declaredRec =
        declared && [...this.arrays.values()].find((r) => r.decl.node.id === declared.id);
      if (declaredRec) declaredRec.blockIterators = ctx.order;
      if (d.type !== 'init_declarator') continue;
      const value = child(d, 'value')!;
      const target = child(d, 'declarator')!;
      const rec = [...this.arrays.values()].find((r) => r.decl.node.id === target.id);
      if (rec) {
        if (rec.decl.storage !== 'local') continue; // static initializers run before main
        // A brace list initialises every cell (missing ones to zero): a write of the whole
        // array at the declaration. The rewriter must keep each slot's initial value right.
        if (value.type === 'initializer_list')
          this.emitInitializer(rec, n, value, ctx, counter.next++);
        else
          this.reason(
            rec,
            'initializer-not-modelled',
            `initializer of '${rec.decl.name}' is not a brace list`,
            this.src.locOf(value),
          );
        continue;
      }
      if (this.elementAccesses(value).length > 0) this.emit(n, value, ctx, counter.next++);
    }
  }

  /** `T t[A][B] = {0};` writes every cell at the declaration: a loop nest over the extents. */
  private emitInitializer(
    rec: ArrayRec,
    decl: Node,
    value: Node,
    ctx: Ctx,
    position: number,
  ): void {
    const sizes = rec.decl.sizeNodes.map((s) => (s ? this.affineOf(s, ctx.iterators) : undefined));
    if (sizes.some((s) => !s)) {
      this.reason(
        rec,
        'initializer-not-modelled',
        `extents of '${rec.decl.name}' are not affine`,
        rec.decl.loc,
      );
      return;
    }
    const its = sizes.map((_, k) => this.uniqueName(`_init${k}`));
    const constraints: Constraint[] = [];
    sizes.forEach((s, k) => {
      constraints.push(ge(variable(its[k])));
      constraints.push(ge(sub(sub(s!, variable(its[k])), constant(1n))));
    });
    const schedule: Affine[] = [...ctx.schedule, constant(position)];
    for (const it of its) schedule.push(variable(it), constant(0n));
    const access: Access = {
      array: rec.decl.name,
      kind: 'write',
      subscripts: its.map((it) => variable(it)),
      exists: [],
      existsConstraints: [],
      order: 0,
      may: ctx.may,
      overApproximated: false,
      loc: this.src.locOf(value),
      range: this.src.range(value),
      indexRanges: [],
    };
    this.statements.push({
      id: `S${this.statements.length}`,
      loc: this.src.locOf(decl),
      text: this.src.textOf(decl),
      range: this.src.range(decl),
      iterators: [...ctx.order, ...its],
      domain: {
        dims: [...ctx.order, ...its],
        pieces: ctx.cond.map((c) => ({
          exists: c.exists,
          constraints: [...c.constraints, ...constraints],
        })),
      },
      schedule,
      accesses: [access],
      may: ctx.may,
      overApproximated: ctx.overApproximated,
    });
  }

  private ifStatement(n: Node, ctx: Ctx, counter: { next: number }): void {
    const condNode = child(n, 'condition')!;
    const scope = this.scope(ctx.iterators);
    const yes = this.elementAccesses(condNode).length === 0 ? toCond(condNode, scope) : undefined;
    const no = yes && toCond(condNode, scope, true);
    const cons = child(n, 'consequence')!;
    const alt = child(n, 'alternative');
    const altBody = alt?.type === 'else_clause' ? alt.namedChildren[0] : alt;
    if (yes && no) {
      this.statement(cons, { ...ctx, cond: condAnd(ctx.cond, yes) }, counter);
      if (altBody) this.statement(altBody, { ...ctx, cond: condAnd(ctx.cond, no) }, counter);
      return;
    }
    // Data-dependent: the condition is evaluated (its reads are a statement), the branches may run.
    if (this.elementAccesses(condNode).length > 0)
      this.emit(condNode, condNode, ctx, counter.next++);
    this.statement(cons, { ...ctx, may: true }, counter);
    if (altBody) this.statement(altBody, { ...ctx, may: true }, counter);
  }

  private forLoop(n: Node, ctx: Ctx, position: number): void {
    const where = this.src.locOf(n);
    const body = child(n, 'body')!;
    const refuse = (why: string): void => {
      for (const id of this.arrayUses(n)) {
        if (!this.inRegion.has(key(id))) continue;
        this.reason(
          this.arrays.get(id.text)!,
          'not-analysable',
          `${why} (loop at ${where.line}:${where.column})`,
          where,
        );
        this.uncoveredWhy.set(key(id), why);
      }
    };
    const init = child(n, 'initializer');
    const condNode = child(n, 'condition');
    const update = child(n, 'update');
    // The loop variable and its initial value.
    let cname: string | undefined;
    let initValue: Node | null = null;
    if (init?.type === 'declaration') {
      const ds = init.childrenForFieldName('declarator');
      if (
        ds.length === 1 &&
        ds[0].type === 'init_declarator' &&
        child(ds[0], 'declarator')?.type === 'identifier'
      ) {
        cname = child(ds[0], 'declarator')!.text;
        initValue = child(ds[0], 'value');
      }
    } else if (init?.type === 'assignment_expression' && child(init, 'operator')?.text === '=') {
      const l = child(init, 'left');
      if (l?.type === 'identifier') {
        cname = l.text;
        initValue = child(init, 'right');
      }
    }
    if (!cname && update) {
      const u = this.stepOf(update, undefined, ctx);
      cname = u?.name;
    }
    if (!cname) return refuse('loop without a recognisable counter');
    const step = update ? this.stepOf(update, cname, ctx) : undefined;
    if (!step || step.step === 0n)
      return refuse(`loop step of '${cname}' is not a constant increment`);
    const headerUses = [init, condNode, update]
      .filter((x): x is Node => !!x)
      .flatMap((x) => this.arrayUses(x));
    // Header reads are not modelled statements: those arrays only are refused, and the
    // bound that reads them is dropped below as non-affine.
    for (const id of headerUses) {
      const loc = this.src.locOf(id);
      this.reason(
        this.arrays.get(id.text)!,
        'not-analysable',
        `accessed in a loop header at ${loc.line}:${loc.column}`,
        loc,
      );
      this.uncoveredWhy.set(key(id), 'in a loop header');
    }
    // The counter must not change (or be shadowed) inside the body.
    for (const x of walk(body)) {
      if (x.type === 'declaration' && declaredNames(x).includes(cname))
        return refuse(`loop counter '${cname}' is redeclared in the body`);
      const t =
        x.type === 'assignment_expression'
          ? child(x, 'left')
          : x.type === 'update_expression'
            ? child(x, 'argument')
            : x.type === 'pointer_expression' && child(x, 'operator')?.text === '&'
              ? child(x, 'argument')
              : null;
      if (t?.type === 'identifier' && t.text === cname)
        return refuse(`loop counter '${cname}' is modified in the body`);
    }
    const it = this.uniqueName(cname);
    const iterators = new Map(ctx.iterators).set(cname, it);
    const s = step.step;
    let overApproximated = ctx.overApproximated;
    // Lower (or upper, decreasing) bound from the initial value, with the stride.
    const lb = initValue ? toPwAff(initValue, this.scope(ctx.iterators)) : undefined;
    let cond: Cond = ctx.cond;
    const iv = variable(it);
    if (lb) {
      const first: Conjunction[] = lb.map((p) => {
        const d = s > 0n ? sub(iv, p.value) : sub(p.value, iv);
        const cs: Constraint[] = [...p.constraints, ge(d)];
        const exists = [...p.exists];
        if (s > 1n || s < -1n) {
          const k = this.fresh();
          exists.push(k);
          cs.push(eq(sub(d, scale(variable(k), s > 0n ? s : -s))));
        }
        return { exists, constraints: cs };
      });
      cond = condAnd(cond, first);
    } else {
      overApproximated = true;
    }
    // The exit condition must be monotone in the counter, else the loop is not a range.
    let exit: Cond | undefined;
    if (condNode) {
      const scope = this.scope(iterators);
      const c = unparenthesised(condNode);
      if (
        c.type === 'binary_expression' &&
        child(c, 'operator')?.text === '!=' &&
        (s === 1n || s === -1n)
      ) {
        // `i != E` with unit step: equivalent to `i < E` (or `i > E` when decreasing).
        const l = child(c, 'left')!;
        const r = child(c, 'right')!;
        const [other, counterLeft] =
          l.type === 'identifier' && l.text === cname ? [r, true] : [l, false];
        const counterSide = counterLeft ? l : r;
        if (counterSide.type === 'identifier' && counterSide.text === cname) {
          const e = toPwAff(other, scope);
          if (e) exit = (s > 0n ? ltCond : gtCond)(pwVar(it), e);
        }
      } else {
        exit = toCond(condNode, scope);
      }
      if (exit && !monotone(exit, it, s)) exit = undefined;
    }
    if (exit) cond = condAnd(cond, exit);
    else overApproximated = true;
    const schedule = [...ctx.schedule, constant(position), s > 0n ? iv : scale(iv, -1n)];
    const inner: Ctx = {
      iterators,
      order: [...ctx.order, it],
      cond,
      schedule,
      may: ctx.may,
      overApproximated,
      loop: n,
    };
    this.statement(body, inner, { next: 0 });
  }

  /** `i++`, `--i`, `i += c`, `i -= c`, `i = i + c`, `i = c + i`, `i = i - c`. */
  private stepOf(
    u: Node,
    cname: string | undefined,
    ctx: Ctx,
  ): { name: string; step: bigint } | undefined {
    const known = (n: Node): bigint | undefined => {
      const v = toPwAff(n, this.scope(ctx.iterators));
      if (!v) return undefined;
      const c = constValue(v);
      if (c !== undefined) return c;
      if (v.length !== 1 || v[0].constraints.length > 0) return undefined;
      try {
        return evaluate(v[0].value, this.knownValues());
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
        const rr = unparenthesised(r);
        if (rr.type !== 'binary_expression') return undefined;
        const o = child(rr, 'operator')?.text;
        const a = unparenthesised(child(rr, 'left')!);
        const b = unparenthesised(child(rr, 'right')!);
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

  /** One modelled statement: `n` is what it covers, `textNode` the text shown. */
  private emit(textNode: Node, n: Node, ctx: Ctx, position: number): void {
    const found = this.elementAccesses(n);
    const scope = this.scope(ctx.iterators);
    const box = this.box(ctx);
    /** Accesses with the span of their assignment (writes complete when it does). */
    const accesses: {
      access: Omit<Access, 'order'>;
      assignment?: { start: number; end: number };
    }[] = [];
    /** Writes nested inside a larger expression (not the statement's own assignment). */
    const writtenEarly: { array: string; node: Node; target: Node }[] = [];
    let over = ctx.overApproximated;
    const bounds: Conjunction[] = [];
    for (const a of found) {
      const rec = this.arrays.get(a.id.text)!;
      this.covered.add(key(a.top));
      const values = a.indices.map((idx) => toPwAff(idx, scope));
      const guard = evaluationGuard(a.top, n, scope);
      const exact = accessCases(values, guard.cond, box);
      // The coarse model drops a guard: the reference then may not happen where it is counted.
      const guardDropped =
        exact === undefined && !guard.cond.some((c) => c.constraints.length === 0);
      const cases =
        exact === undefined
          ? [singlePieceCase(values, box)]
          : exact.length === 0
            ? [neverEvaluated(values)]
            : exact;
      const p = a.top.parent;
      let kinds: ('read' | 'write')[] = ['read'];
      let assignment: { start: number; end: number } | undefined;
      if (p?.type === 'assignment_expression' && child(p, 'left')?.id === a.top.id) {
        kinds = child(p, 'operator')?.text === '=' ? ['write'] : ['read', 'write'];
        assignment = { start: p.startIndex, end: p.endIndex };
        if (!atRoot(p)) writtenEarly.push({ array: rec.decl.name, node: p, target: a.top });
      } else if (p?.type === 'update_expression') {
        kinds = ['read', 'write'];
        assignment = { start: p.startIndex, end: p.endIndex };
        if (!atRoot(p)) writtenEarly.push({ array: rec.decl.name, node: p, target: a.top });
      }
      for (const c of cases) {
        const flagged = c.subscripts.some((x) => x === null);
        for (const kind of kinds)
          accesses.push({
            access: {
              array: rec.decl.name,
              kind,
              subscripts: c.subscripts,
              exists: c.exists,
              existsConstraints: c.constraints,
              may: ctx.may || guard.may || guardDropped,
              overApproximated: flagged,
              loc: this.src.locOf(a.top),
              range: this.src.range(a.top),
              indexRanges: a.indices.map((x) => this.src.range(x)),
            },
            ...(kind === 'write' && assignment ? { assignment } : {}),
          });
        over = over || flagged;
      }
      // Under a dropped bound the accesses still stay inside the array (a correct program).
      // With several cases that would be a disjunction: left out (a larger domain is safe).
      if (ctx.overApproximated && cases.length === 1) {
        const c = cases[0];
        const cs: Constraint[] = [];
        c.subscripts.forEach((sv, k) => {
          const size = rec.decl.sizeNodes[k];
          const ext = size ? this.affineOf(size, new Map()) : undefined;
          if (!sv) return;
          cs.push(ge(sv));
          if (ext) cs.push(ge(sub(sub(ext, sv), constant(1n))));
        });
        bounds.push({ exists: [...c.exists], constraints: [...c.constraints, ...cs] });
      }
    }
    // The model orders the accesses of one statement instance "reads, then writes", which is
    // what C guarantees for the statement's own assignment `lhs = rhs`. A write nested in a
    // larger expression is not ordered that way: a comma, `?:`, `&&` or `||` sequences it
    // before later operands, and next to other operands (`(t[i] = x) + t[j]`) it is
    // unsequenced, so the compiler may store before it loads. An array written so and read
    // elsewhere in the same expression is not analysable (found by the fuzz campaign: a
    // miscompilation).
    for (const w of writtenEarly) {
      const other = found.some((x) => x.id.text === w.array && x.top.id !== w.target.id);
      if (other) {
        this.reason(
          this.arrays.get(w.array)!,
          'not-analysable',
          `'${w.array}' is written inside a larger expression that also reads it, so the write may come first (comma, ?:, &&, || or an unsequenced operand)`,
          this.src.locOf(w.node),
        );
      }
    }
    // Reads first in textual order, then writes in the order their assignments complete.
    const reads = accesses
      .map((x) => x.access)
      .filter((a) => a.kind === 'read')
      .sort((x, y) => x.range.start - y.range.start);
    // An assignment completes when its right side is done: inner assignments first.
    const writes = accesses
      .filter((x) => x.access.kind === 'write')
      .map((x) => ({ a: x.access, end: x.assignment!.end, start: x.assignment!.start }))
      .sort((x, y) => x.end - y.end || y.start - x.start)
      .map((x) => x.a);
    const ordered: Access[] = [...reads, ...writes].map((a, k) => ({ ...a, order: k }));
    let pieces: Conjunction[] = ctx.cond.map((c) => ({
      exists: [...c.exists],
      constraints: [...c.constraints],
    }));
    for (const b of bounds) pieces = condAnd(pieces, [b]) as Conjunction[];
    this.statements.push({
      id: `S${this.statements.length}`,
      loc: this.src.locOf(textNode),
      text: this.src.textOf(textNode),
      range: this.src.range(textNode),
      iterators: [...ctx.order],
      domain: { dims: [...ctx.order], pieces },
      schedule: [...ctx.schedule, constant(position)],
      accesses: ordered,
      may: ctx.may,
      overApproximated: over,
    });
  }

  /** Bounds of iterators and parameters implied by the domain (union: the hull of boxes). */
  private box(ctx: Ctx): Map<string, Interval> {
    const base = new Map<string, Interval>();
    for (const p of this.params.values())
      base.set(
        p.name,
        p.value !== undefined ? { lo: p.value, hi: p.value } : { lo: null, hi: null },
      );
    let out: Map<string, Interval> | undefined;
    for (const piece of ctx.cond) {
      const b = new Map([...base].map(([k, v]) => [k, { ...v }]));
      propagate(piece.constraints, [...ctx.order, ...piece.exists], b);
      if (!out) out = b;
      else
        for (const [k, v] of b) {
          const o = out.get(k);
          if (!o) continue;
          o.lo = o.lo === null || v.lo === null ? null : o.lo < v.lo ? o.lo : v.lo;
          o.hi = o.hi === null || v.hi === null ? null : o.hi > v.hi ? o.hi : v.hi;
        }
    }
    return out ?? base;
  }

  // ---- arrays: extents, escapes, candidacy --------------------------------------------

  private computeExtents(): void {
    for (const rec of this.arrays.values()) {
      rec.extents = rec.decl.sizeNodes.map((s) => {
        const base = extentOf(s, this.src);
        const expr = s ? this.affineOf(s, new Map()) : undefined;
        let value: bigint | undefined;
        if (expr)
          try {
            value = evaluate(expr, this.knownValues());
          } catch {
            value = undefined;
          }
        return { ...base, ...(expr ? { expr } : {}), ...(value !== undefined ? { value } : {}) };
      });
    }
  }

  /** Every use of every array: escapes, partial subscripts, and uses no statement covers. */
  private sweep(): void {
    for (const id of this.arrayUses(this.body)) {
      const rec = this.arrays.get(id.text)!;
      const loc = this.src.locOf(id);
      const at = `${loc.line}:${loc.column}`;
      const { top, indices } = this.chainOf(id);
      const p = top.parent;
      if (indices.length > rec.rank) {
        this.reason(rec, 'not-analysable', `more subscripts than dimensions at ${at}`, loc);
        continue;
      }
      if (indices.length === rec.rank && rec.rank > 0) {
        if (p?.type === 'pointer_expression' && child(p, 'operator')?.text === '&') {
          this.reason(rec, 'escapes', `address of an element taken at ${at}`, loc);
        } else if (p?.type === 'sizeof_expression') {
          continue; // sizeof of one element does not change with contraction
        } else if (p?.type === 'field_expression') {
          this.reason(rec, 'not-analysable', `field of an element accessed at ${at}`, loc);
        } else if (!this.covered.has(key(top)) && !this.uncoveredWhy.has(key(id))) {
          // (Uses in refused constructs already carry the construct's reason.)
          this.reason(
            rec,
            'not-analysable',
            this.inRegion.has(key(id))
              ? `access at ${at} is not in a modelled statement`
              : `accessed outside the analysed region at ${at}`,
            loc,
          );
        }
        continue;
      }
      // The array (or a row of it) used as a pointer.
      const use = indices.length === 0 ? `'${rec.decl.name}'` : `row of '${rec.decl.name}'`;
      const ctxType = p?.type;
      if (p?.type === 'pointer_expression' && child(p, 'operator')?.text === '&')
        this.reason(rec, 'escapes', `address of ${use} taken at ${at}`, loc);
      else if (
        ctxType === 'sizeof_expression' ||
        (ctxType === 'parenthesized_expression' && p?.parent?.type === 'sizeof_expression')
      )
        this.reason(rec, 'escapes', `sizeof ${use} at ${at} would change`, loc);
      else if (ctxType === 'argument_list')
        this.reason(rec, 'escapes', `${use} passed to a call at ${at}`, loc);
      else if (ctxType === 'return_statement')
        this.reason(rec, 'escapes', `${use} returned at ${at}`, loc);
      else if (
        ctxType === 'initializer_list' ||
        ctxType === 'initializer_pair' ||
        ctxType === 'field_expression'
      )
        this.reason(rec, 'escapes', `${use} stored in a struct or initializer at ${at}`, loc);
      else if (
        ctxType === 'assignment_expression' &&
        child(p!, 'left')?.type === 'field_expression'
      )
        this.reason(rec, 'escapes', `${use} stored in a struct at ${at}`, loc);
      else if (ctxType === 'assignment_expression' || ctxType === 'init_declarator')
        this.reason(rec, 'escapes', `${use} assigned to a pointer at ${at}`, loc);
      else if (indices.length > 0)
        this.reason(
          rec,
          'not-analysable',
          `partial subscript ${use} used as a pointer at ${at}`,
          loc,
        );
      else this.reason(rec, 'escapes', `${use} used as a pointer at ${at}`, loc);
    }
    // Arrays reached through macros are invisible in the tree: refuse them.
    for (const n of walk(this.body)) {
      const name =
        n.type === 'identifier' && this.dir.objectMacros.has(n.text)
          ? n.text
          : n.type === 'call_expression' && child(n, 'function')?.type === 'identifier'
            ? child(n, 'function')!.text
            : undefined;
      const om = name ? this.dir.objectMacros.get(name) : undefined;
      const fm = name && !om ? this.dir.functionMacros.get(name) : undefined;
      const body = om?.body ?? fm?.body;
      if (!body) continue;
      const tokens = new Set(body.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
      for (const p of fm?.params ?? []) tokens.delete(p);
      for (const rec of this.arrays.values()) {
        if (tokens.has(rec.decl.name)) {
          const loc = this.src.locOf(n);
          this.reason(
            rec,
            'not-analysable',
            `accessed through macro '${name}' at ${loc.line}:${loc.column}`,
            loc,
          );
        }
      }
    }
  }

  private finish(): FunctionModel {
    const promises =
      this.options.promises ??
      filePromises(this.options.temporaries ?? [], this.dir.temporaries, []);
    const arrays: ArrayInfo[] = [];
    const context: Constraint[] = [];
    const seen = new Set<string>();
    const emitArray = (rec: ArrayRec) => {
      const d = rec.decl;
      const isMarked = isPromised(promises, this.name, d.name);
      const reasons: NotCandidateReason[] = [];
      if (!isMarked) {
        if (d.storage === 'parameter')
          reasons.push({ kind: 'parameter', message: `'${d.name}' is a parameter`, loc: d.loc });
        if (d.storage === 'static-local')
          reasons.push({ kind: 'static', message: `'${d.name}' is static`, loc: d.loc });
        if (d.storage === 'global' || d.storage === 'static-global')
          reasons.push({ kind: 'global', message: `'${d.name}' has file scope`, loc: d.loc });
      }
      const users = this.globalUsers.get(d.name) ?? [];
      if (isMarked && (d.storage === 'global' || d.storage === 'static-global') && users.length > 1)
        // One declaration, one mapping: every function would have to agree on it.
        reasons.push({
          kind: 'not-analysable',
          message: `'${d.name}' is used by several functions (${users.join(', ')})`,
          loc: d.loc,
        });
      if (d.isPointer)
        reasons.push({ kind: 'not-an-array', message: `'${d.name}' is a pointer`, loc: d.loc });
      if (d.isVolatile)
        reasons.push({ kind: 'volatile', message: `'${d.name}' is volatile`, loc: d.loc });
      if (!d.isPointer && rec.extents.some((e) => !e.expr))
        reasons.push({
          kind: 'not-analysable',
          message: `an extent of '${d.name}' is unknown or not affine`,
          loc: d.loc,
        });
      reasons.push(...rec.reasons);
      for (const e of rec.extents) {
        if (e.expr && !isConstant(e.expr)) {
          const c = ge(sub(e.expr, constant(1n)));
          if (!context.some((k) => JSON.stringify(k, big) === JSON.stringify(c, big)))
            context.push(c);
          for (const v of variables(e.expr)) seen.add(v);
        }
      }
      arrays.push({
        name: d.name,
        elementType: d.elementType,
        extents: rec.extents,
        storage: d.storage,
        isVla:
          d.storage === 'local' &&
          rec.extents.some(
            (e) =>
              !e.expr || variables(e.expr).some((v) => this.params.get(v)?.value === undefined),
          ),
        isVolatile: d.isVolatile,
        hasInitializer: d.initializer !== null,
        markedTemporary: isMarked,
        loc: d.loc,
        declaratorRange: d.declaratorRange,
        declarationRange: d.declarationRange,
        candidate: reasons.length === 0,
        reasons,
        blockIterators: d.storage === 'local' ? (rec.blockIterators ?? []) : [],
      });
    };
    for (const name of this.arrayOrder) emitArray(this.arrays.get(name)!);
    const parameters = [...this.params.values()];
    return {
      name: this.name,
      loc: this.src.locOf(this.fn),
      range: this.src.range(this.fn),
      parameters,
      context,
      arrays,
      statements: this.statements,
      diagnostics: this.diagnostics,
    };
  }

  /** Adds the file-scope arrays this function uses (before building). */
  addGlobals(): void {
    const used = new Set<string>();
    for (const n of walk(this.body)) if (n.type === 'identifier') used.add(n.text);
    for (const [name, decl] of this.globals) {
      if (used.has(name) && !this.arrays.has(name)) this.addArray(decl);
    }
  }
}

/** Names declared by a declaration (scalars, arrays, pointers). */
function declaredNames(decl: Node): string[] {
  const out: string[] = [];
  for (const d of decl.childrenForFieldName('declarator')) {
    let n: Node | null = d;
    while (n && n.type !== 'identifier')
      n =
        child(n, 'declarator') ??
        n.namedChildren.find((c) => /declarator$|^identifier$/.test(c.type)) ??
        null;
    if (n) out.push(n.text);
  }
  return out;
}

const big = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

function unparenthesised(n: Node): Node {
  while (n.type === 'parenthesized_expression' && n.namedChildCount === 1) n = n.namedChildren[0];
  return n;
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
      const a = k.expr.coeffs[it] ?? 0n;
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

/**
 * Whether an assignment or update is the statement's own (its root expression, possibly in
 * parentheses): then C evaluates every operand it reads before storing. (An inner
 * assignment of a chain `a = b = c` is not: its store is unsequenced next to `a`'s index.)
 */
function atRoot(write: Node): boolean {
  let x: Node = write;
  for (;;) {
    const p = x.parent;
    if (!p) return true;
    if (p.type === 'parenthesized_expression') {
      x = p;
      continue;
    }
    return p.type === 'expression_statement' || p.type === 'init_declarator';
  }
}
