/**
 * Parser of the set notation (see print.ts) and the pieces the calculator reuses.
 *
 *   set     := [ '[' names ']' '->' ] '{' piece (';' piece)* '}'
 *   piece   := '[' entry, ... ']' [ ':' formula ]        entry: a name or an integer
 *   formula := conj ('or' conj)*        conj := atom ('and' atom)*
 *   atom    := 'exists' names ':' formula | '(' formula ')' | 'true' | 'false'
 *            | lexlt|lexle|lexgt|lexge '(' '[' exprs ']' ',' '[' exprs ']' ')'
 *            | expr (('<'|'<='|'>'|'>='|'=') expr)+          (a chain)
 *   expr    := affine, with `2k`, `2*k`, `2(i + 1)`, `-i`
 */
import {
  add,
  constant,
  scale,
  sub,
  substitute,
  variable,
  type Affine,
  type Constraint,
} from './affine.js';
import type { PolySet, Space } from './types.js';
import { fromConjunctions } from './sets.js';
import { lexLessEqual, lexLessThan } from './lex.js';
import { nameRecord } from './nameRecord.js';

export class ParseError extends Error {
  constructor(
    message: string,
    readonly column: number,
  ) {
    super(`at column ${column}: ${message}`);
  }
}

export interface Token {
  kind: 'num' | 'id' | 'op' | 'end';
  text: string;
  col: number;
}

const OPS = [
  '->',
  '<=',
  '>=',
  '==',
  '&&',
  '||',
  '[',
  ']',
  '{',
  '}',
  '(',
  ')',
  ',',
  ':',
  ';',
  '<',
  '>',
  '=',
  '+',
  '-',
  '*',
];

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const col = i + 1;
    const num = /^[0-9]+/.exec(text.slice(i));
    if (num) {
      out.push({ kind: 'num', text: num[0], col });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_']*/.exec(text.slice(i));
    if (id) {
      out.push({ kind: 'id', text: id[0], col });
      i += id[0].length;
      continue;
    }
    const op = OPS.find((o) => text.startsWith(o, i));
    if (!op) throw new ParseError(`unexpected character '${c}'`, col);
    out.push({ kind: 'op', text: op, col });
    i += op.length;
  }
  out.push({ kind: 'end', text: 'end of input', col: text.length + 1 });
  return out;
}

type Formula =
  | { kind: 'atom'; constraints: Constraint[] }
  | { kind: 'and' | 'or'; parts: Formula[] }
  | { kind: 'exists'; names: string[]; body: Formula }
  | { kind: 'dnf'; pieces: { exists: string[]; constraints: Constraint[] }[] };

interface Conj {
  exists: string[];
  constraints: Constraint[];
}

const KEYWORDS = new Set([
  'and',
  'or',
  'exists',
  'true',
  'false',
  'lexlt',
  'lexle',
  'lexgt',
  'lexge',
]);

export class Parser {
  pos = 0;
  private fresh = 0;
  constructor(readonly toks: Token[]) {}

  get peek(): Token {
    return this.toks[this.pos];
  }
  at(text: string): boolean {
    const t = this.peek;
    return (t.kind === 'op' || t.kind === 'id') && t.text === text;
  }
  accept(text: string): boolean {
    if (this.at(text)) {
      this.pos++;
      return true;
    }
    return false;
  }
  expect(text: string): Token {
    if (!this.at(text)) this.fail(`expected '${text}'`);
    return this.toks[this.pos++];
  }
  fail(message: string, tok: Token = this.peek): never {
    throw new ParseError(
      message.startsWith('expected') ? `${message}, found '${tok.text}'` : message,
      tok.col,
    );
  }
  name(): Token {
    const t = this.peek;
    if (t.kind !== 'id' || KEYWORDS.has(t.text)) this.fail('expected a name');
    this.pos++;
    return t;
  }
  names(close: string): Token[] {
    const out: Token[] = [];
    if (this.at(close)) return out;
    do out.push(this.name());
    while (this.accept(','));
    return out;
  }

  /** An affine expression over names accepted by `known` (reports unknown names at their column). */
  expr(known: (n: string) => boolean): Affine {
    let a = this.term(known);
    for (;;) {
      if (this.accept('+')) a = add(a, this.term(known));
      else if (this.accept('-')) a = sub(a, this.term(known));
      else return a;
    }
  }
  private term(known: (n: string) => boolean): Affine {
    let a = this.factor(known);
    while (this.at('*')) {
      const star = this.peek;
      this.pos++;
      const b = this.factor(known);
      a = this.product(a, b, star);
    }
    return a;
  }
  private product(a: Affine, b: Affine, where: Token): Affine {
    const isConst = (x: Affine) => Object.values(x.coeffs).every((v) => v === 0n);
    if (isConst(a)) return scale(b, a.constant);
    if (isConst(b)) return scale(a, b.constant);
    this.fail('non-affine product', where);
  }
  private factor(known: (n: string) => boolean): Affine {
    const t = this.peek;
    if (this.accept('-')) return scale(this.factor(known), -1n);
    if (t.kind === 'num') {
      this.pos++;
      const c = constant(BigInt(t.text));
      const n = this.peek;
      // `2k` and `2(i + 1)`: a number directly followed by a name or a parenthesis.
      if ((n.kind === 'id' && !KEYWORDS.has(n.text)) || (n.kind === 'op' && n.text === '('))
        return this.product(c, this.factor(known), n);
      return c;
    }
    if (t.kind === 'id' && !KEYWORDS.has(t.text)) {
      this.pos++;
      if (!known(t.text)) this.fail(`unknown variable '${t.text}'`, t);
      return variable(t.text);
    }
    if (this.accept('(')) {
      const a = this.expr(known);
      this.expect(')');
      return a;
    }
    this.fail('expected an expression');
  }

  formula(known: (n: string) => boolean): Formula {
    const parts = [this.conj(known)];
    while (this.accept('or') || this.accept('||')) parts.push(this.conj(known));
    return parts.length === 1 ? parts[0] : { kind: 'or', parts };
  }
  private conj(known: (n: string) => boolean): Formula {
    const parts = [this.atom(known)];
    while (this.accept('and') || this.accept('&&')) parts.push(this.atom(known));
    return parts.length === 1 ? parts[0] : { kind: 'and', parts };
  }
  private atom(known: (n: string) => boolean): Formula {
    if (this.accept('true')) return { kind: 'atom', constraints: [] };
    if (this.accept('false')) return { kind: 'dnf', pieces: [] };
    if (this.accept('exists')) {
      const toks = this.names(':');
      if (toks.length === 0) this.fail('expected a name');
      this.expect(':');
      // Bound names are renamed apart so that two `exists k` never mean the same variable.
      const names = toks.map((t) => `${t.text}#${this.fresh++}`);
      const inner = (n: string) => toks.some((t) => t.text === n) || known(n);
      const start = this.pos;
      const body = this.formula(inner);
      void start;
      const map = nameRecord<Affine>();
      toks.forEach((t, i) => (map[t.text] = variable(names[i])));
      return { kind: 'exists', names, body: renameFormula(body, map) };
    }
    const t = this.peek;
    if (t.kind === 'id' && ['lexlt', 'lexle', 'lexgt', 'lexge'].includes(t.text)) {
      this.pos++;
      this.expect('(');
      const a = this.vector(known);
      this.expect(',');
      const b = this.vector(known);
      const close = this.expect(')');
      if (a.length !== b.length) this.fail(`${t.text}: vectors of different lengths`, close);
      const pieces =
        t.text === 'lexlt'
          ? lexLessThan(a, b)
          : t.text === 'lexle'
            ? lexLessEqual(a, b)
            : t.text === 'lexgt'
              ? lexLessThan(b, a)
              : lexLessEqual(b, a);
      return {
        kind: 'dnf',
        pieces: pieces.map((p) => ({ exists: [...p.exists], constraints: [...p.constraints] })),
      };
    }
    if (this.at('(')) {
      // Either a parenthesised formula or a chain starting with a parenthesised expression.
      const save = this.pos;
      try {
        return this.chain(known);
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
        this.pos = save;
      }
      this.expect('(');
      const f = this.formula(known);
      this.expect(')');
      return f;
    }
    return this.chain(known);
  }
  vector(known: (n: string) => boolean): Affine[] {
    this.expect('[');
    const out: Affine[] = [];
    if (!this.at(']')) {
      do out.push(this.expr(known));
      while (this.accept(','));
    }
    this.expect(']');
    return out;
  }
  private chain(known: (n: string) => boolean): Formula {
    const cs: Constraint[] = [];
    let left = this.expr(known);
    let n = 0;
    for (;;) {
      const op = this.peek;
      if (!(op.kind === 'op' && ['<', '<=', '>', '>=', '=', '=='].includes(op.text))) break;
      this.pos++;
      const right = this.expr(known);
      n++;
      const one = constant(1);
      if (op.text === '<') cs.push({ kind: 'ge', expr: sub(sub(right, left), one) });
      else if (op.text === '<=') cs.push({ kind: 'ge', expr: sub(right, left) });
      else if (op.text === '>') cs.push({ kind: 'ge', expr: sub(sub(left, right), one) });
      else if (op.text === '>=') cs.push({ kind: 'ge', expr: sub(left, right) });
      else cs.push({ kind: 'eq', expr: sub(left, right) });
      left = right;
    }
    if (n === 0) this.fail("expected a comparison ('<', '<=', '=', '>=', '>')");
    return { kind: 'atom', constraints: cs };
  }

  /** A whole set literal. */
  set(): PolySet {
    let params: string[] = [];
    if (this.at('[')) {
      this.expect('[');
      const toks = this.names(']');
      this.expect(']');
      this.expect('->');
      params = toks.map((t) => t.text);
      const dup = toks.find((t, i) => params.indexOf(t.text) !== i);
      if (dup) this.fail(`duplicate parameter '${dup.text}'`, dup);
    }
    this.expect('{');
    const raw: { tuple: (string | bigint)[]; conj: Conj[] }[] = [];
    let arity = -1;
    if (!this.at('}')) {
      do {
        const open = this.expect('[');
        const tuple: (string | bigint)[] = [];
        if (!this.at(']')) {
          do {
            const t = this.peek;
            if (t.kind === 'num' || (t.kind === 'op' && t.text === '-')) {
              const neg = this.accept('-');
              const n = this.peek;
              if (n.kind !== 'num') this.fail('expected an integer');
              this.pos++;
              tuple.push(neg ? -BigInt(n.text) : BigInt(n.text));
            } else {
              const nm = this.name();
              if (params.includes(nm.text)) this.fail(`'${nm.text}' is a parameter`, nm);
              if (tuple.includes(nm.text)) this.fail(`duplicate dimension '${nm.text}'`, nm);
              tuple.push(nm.text);
            }
          } while (this.accept(','));
        }
        this.expect(']');
        if (arity >= 0 && tuple.length !== arity)
          this.fail(`expected ${arity} dimensions, got ${tuple.length}`, open);
        arity = tuple.length;
        const known = (n: string) => params.includes(n) || tuple.includes(n);
        const f: Formula = this.accept(':')
          ? this.formula(known)
          : { kind: 'atom', constraints: [] };
        raw.push({ tuple, conj: dnf(f) });
      } while (this.accept(';'));
    }
    this.expect('}');
    if (arity < 0) arity = 0;
    // Space dims: the first name used at each position, else d<k>.
    const dims: string[] = [];
    for (let k = 0; k < arity; k++) {
      const named = raw
        .map((r) => r.tuple[k])
        .find((x): x is string => typeof x === 'string' && !dims.includes(x));
      let name = named ?? `d${k}`;
      for (let i = 0; dims.includes(name) || params.includes(name); i++) name = `d${k}_${i}`;
      dims.push(name);
    }
    const space: Space = { params, dims };
    const pieces: Conj[] = [];
    for (const r of raw) {
      const map = nameRecord<Affine>();
      const extra: Constraint[] = [];
      r.tuple.forEach((x, k) => {
        if (typeof x === 'string') map[x] = variable(dims[k]);
        else extra.push({ kind: 'eq', expr: sub(variable(dims[k]), constant(x)) });
      });
      for (const c of r.conj) {
        pieces.push({
          exists: c.exists,
          constraints: [
            ...extra,
            ...c.constraints.map((k) => ({ kind: k.kind, expr: substitute(k.expr, map) })),
          ],
        });
      }
    }
    return fromConjunctions(space, pieces);
  }
}

function renameFormula(f: Formula, map: Record<string, Affine>): Formula {
  switch (f.kind) {
    case 'atom':
      return {
        kind: 'atom',
        constraints: f.constraints.map((c) => ({ kind: c.kind, expr: substitute(c.expr, map) })),
      };
    case 'and':
    case 'or':
      return { kind: f.kind, parts: f.parts.map((p) => renameFormula(p, map)) };
    case 'exists':
      return { kind: 'exists', names: f.names, body: renameFormula(f.body, map) };
    case 'dnf':
      return {
        kind: 'dnf',
        pieces: f.pieces.map((p) => ({
          exists: p.exists,
          constraints: p.constraints.map((c) => ({ kind: c.kind, expr: substitute(c.expr, map) })),
        })),
      };
  }
}

/** Disjunctive normal form; bound names are already unique. */
function dnf(f: Formula): Conj[] {
  switch (f.kind) {
    case 'atom':
      return [{ exists: [], constraints: f.constraints }];
    case 'dnf':
      return f.pieces;
    case 'or':
      return f.parts.flatMap(dnf);
    case 'exists':
      return dnf(f.body).map((c) => ({
        exists: [...f.names, ...c.exists],
        constraints: c.constraints,
      }));
    case 'and': {
      let acc: Conj[] = [{ exists: [], constraints: [] }];
      for (const p of f.parts) {
        const d = dnf(p);
        acc = acc.flatMap((a) =>
          d.map((b) => ({
            exists: [...a.exists, ...b.exists],
            constraints: [...a.constraints, ...b.constraints],
          })),
        );
      }
      return acc;
    }
  }
}

export function parseSet(text: string): PolySet {
  const p = new Parser(tokenize(text));
  const s = p.set();
  if (p.peek.kind !== 'end') p.fail('unexpected text after the set');
  return s;
}
