/**
 * The `beeclak poly` calculator:
 *
 *   top    := 'empty' '(' sets ')' | 'points' '(' sets ')' | ('max'|'min') '(' sets ',' expr ')'
 *           | 'subset' '(' sets ',' sets ')' | sets
 *   sets   := term (('+' | '-') term)*          union, difference
 *   term   := factor ('*' factor)*              intersection
 *   factor := set literal | '(' sets ')' | 'project' '(' sets ',' '[' names ']' ')'
 *           | 'simplify' '(' sets ')' | 'gist' '(' sets ',' sets ')'
 *
 * `-D N=10` fixes parameters in every set literal.
 */
import type { Affine } from './affine.js';
import { formatAffine } from './affine.js';
import type { PolySet } from './types.js';
import { ParseError, Parser, tokenize } from './parse.js';
import { printSet } from './print.js';
import {
  fixParams,
  gist,
  intersect,
  isEmpty,
  isSubset,
  projectOnto,
  simplify,
  subtract,
  union,
} from './sets.js';
import {
  enumeratePoints,
  maximize,
  maximizeParametric,
  minimize,
  type Extremum,
} from './optimize.js';
import { NO_NAMES } from './nameRecord.js';

export type CalcResult =
  | { kind: 'set'; set: PolySet }
  | { kind: 'bool'; value: boolean }
  | { kind: 'points'; dims: readonly string[]; points: bigint[][] }
  | { kind: 'extremum'; which: 'max' | 'min'; value: Extremum }
  | { kind: 'parametric'; pieces: { context: PolySet; value: Affine }[] | 'empty' | 'unbounded' };

class Calc extends Parser {
  constructor(
    text: string,
    readonly defines: Readonly<Record<string, bigint>>,
  ) {
    super(tokenize(text));
  }

  top(): CalcResult {
    const t = this.peek;
    const call = (name: string) =>
      t.kind === 'id' && t.text === name && this.toks[this.pos + 1]?.text === '(';
    let r: CalcResult;
    if (call('empty') || call('points')) {
      this.pos += 2;
      const s = this.sets();
      this.expect(')');
      if (t.text === 'empty') r = { kind: 'bool', value: isEmpty(s) };
      else {
        if (s.space.params.length > 0) {
          this.fail(`points() needs every parameter fixed (use -D ${s.space.params[0]}=...)`, t);
        }
        r = { kind: 'points', dims: s.space.dims, points: this.guard(t, () => enumeratePoints(s)) };
      }
    } else if (call('max') || call('min')) {
      this.pos += 2;
      const s = this.sets();
      this.expect(',');
      const names = [...s.space.params, ...s.space.dims];
      const obj = this.expr((n) => names.includes(n));
      this.expect(')');
      if (t.text === 'max' && s.space.params.length > 0) {
        const p = this.guard(t, () => maximizeParametric(s, obj));
        r = { kind: 'parametric', pieces: p.kind === 'pieces' ? [...p.pieces] : p.kind };
      } else {
        r = {
          kind: 'extremum',
          which: t.text as 'max' | 'min',
          value: t.text === 'max' ? maximize(s, obj) : minimize(s, obj),
        };
      }
    } else if (call('subset')) {
      this.pos += 2;
      const a = this.sets();
      this.expect(',');
      const b = this.sets();
      this.expect(')');
      r = { kind: 'bool', value: this.guard(t, () => isSubset(a, b)) };
    } else {
      r = { kind: 'set', set: simplify(this.sets()) };
    }
    if (this.peek.kind !== 'end') this.fail('unexpected text');
    return r;
  }

  /** Runs an operation, turning its refusals into errors at the operation's column. */
  private guard<T>(at: { col: number }, f: () => T): T {
    try {
      return f();
    } catch (e) {
      if (e instanceof ParseError) throw e;
      throw new ParseError((e as Error).message, at.col);
    }
  }

  sets(): PolySet {
    let a = this.setTerm();
    for (;;) {
      const op = this.peek;
      if (this.accept('+')) {
        const b = this.setTerm();
        a = this.guard(op, () => union(a, b));
      } else if (this.accept('-')) {
        const b = this.setTerm();
        a = this.guard(op, () => subtract(a, b));
      } else return a;
    }
  }
  private setTerm(): PolySet {
    let a = this.setFactor();
    while (this.at('*')) {
      const op = this.peek;
      this.pos++;
      const b = this.setFactor();
      a = this.guard(op, () => intersect(a, b));
    }
    return a;
  }
  private setFactor(): PolySet {
    const t = this.peek;
    const call = (name: string) =>
      t.kind === 'id' && t.text === name && this.toks[this.pos + 1]?.text === '(';
    if (call('project')) {
      this.pos += 2;
      const s = this.sets();
      this.expect(',');
      this.expect('[');
      const names = this.names(']');
      this.expect(']');
      this.expect(')');
      for (const n of names)
        if (!s.space.dims.includes(n.text))
          this.fail(`'${n.text}' is not a dimension of the set`, n);
      return this.guard(t, () =>
        projectOnto(
          s,
          names.map((n) => n.text),
        ),
      );
    }
    if (call('simplify')) {
      this.pos += 2;
      const s = this.sets();
      this.expect(')');
      return simplify(s);
    }
    if (call('gist')) {
      this.pos += 2;
      const s = this.sets();
      this.expect(',');
      const c = this.sets();
      this.expect(')');
      return this.guard(t, () => gist(s, c));
    }
    if (this.at('{') || this.at('[')) {
      const s = this.guard(t, () => this.set());
      return fixParams(s, this.defines);
    }
    if (this.accept('(')) {
      const s = this.sets();
      this.expect(')');
      return s;
    }
    this.fail('expected a set');
  }
}

export function evaluate(
  text: string,
  defines: Readonly<Record<string, bigint>> = NO_NAMES,
): CalcResult {
  return new Calc(text, defines).top();
}

export function formatResult(r: CalcResult): string {
  switch (r.kind) {
    case 'set':
      return printSet(r.set);
    case 'bool':
      return r.value ? 'true' : 'false';
    case 'points':
      return r.points.length === 0
        ? `{ [${r.dims.join(', ')}] : false }`
        : `{ ${r.points.map((p) => `[${p.join(', ')}]`).join('; ')} }`;
    case 'extremum':
      return r.value.kind === 'value' ? `${r.value.value}` : r.value.kind;
    case 'parametric':
      if (typeof r.pieces === 'string') return r.pieces;
      return r.pieces.map((p) => `${formatAffine(p.value)} on ${printSet(p.context)}`).join('\n');
  }
}

const big = (_: string, v: unknown) =>
  typeof v === 'bigint' ? (Number.isSafeInteger(Number(v)) ? Number(v) : `${v}`) : v;

export function resultJson(r: CalcResult): string {
  switch (r.kind) {
    case 'set':
      return JSON.stringify({
        kind: 'set',
        text: printSet(r.set),
        params: r.set.space.params,
        dims: r.set.space.dims,
      });
    case 'bool':
      return JSON.stringify({ kind: 'bool', value: r.value });
    case 'points':
      return JSON.stringify({ kind: 'points', dims: r.dims, points: r.points }, big);
    case 'extremum':
      return JSON.stringify(
        {
          kind: r.which,
          result: r.value.kind,
          value: r.value.kind === 'value' ? r.value.value : null,
        },
        big,
      );
    case 'parametric':
      return JSON.stringify({
        kind: 'max',
        result: typeof r.pieces === 'string' ? r.pieces : 'pieces',
        pieces:
          typeof r.pieces === 'string'
            ? []
            : r.pieces.map((p) => ({ value: formatAffine(p.value), context: printSet(p.context) })),
      });
  }
}
