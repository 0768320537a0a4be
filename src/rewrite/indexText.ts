/**
 * Index texts read as sums of integer multiples of names (issue 29, item 8), so that a slot
 * index combines like terms (`i - 2 * i + 19` is `19 - i`) and a constant one is folded
 * (`2 % 2` is `0`). Only the plainest C is read: decimal literals without suffix, names,
 * `+`, `-`, `*` by a literal, parentheses; anything else (a call, a cast, a subscript, a
 * suffix that changes the type) is not read and the text is printed as before. A name is
 * one value wherever it appears (subscripts have no side effects: the model refuses them),
 * and the arithmetic is exact: the sum has the value of the text for every value of the
 * names; only the order of the additions changes.
 */

/** `constant + sum coefficient * name`, names in order of first appearance. */
export interface IndexSum {
  readonly terms: readonly (readonly [name: string, coefficient: bigint])[];
  readonly constant: bigint;
}

/** One token: a name, a decimal literal (no suffix, no fraction), or an operator. */
const TOKEN_SOURCE = String.raw`\s*(?:([A-Za-z_][A-Za-z0-9_]*)|([0-9]+)(?![A-Za-z0-9_.])|([-+*()]))`;

type Token = { name: string } | { number: bigint } | { op: string };

function tokens(text: string): Token[] | undefined {
  const out: Token[] = [];
  // A sticky expression of this call's own (its lastIndex is state).
  const TOKEN = new RegExp(TOKEN_SOURCE, 'y');
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) return undefined;
    // Octal literals (leading 0) are not decimal: not read.
    if (m[2] !== undefined && m[2].length > 1 && m[2].startsWith('0')) return undefined;
    out.push(
      m[1] !== undefined
        ? { name: m[1] }
        : m[2] !== undefined
          ? { number: BigInt(m[2]) }
          : { op: m[3]! },
    );
    at = TOKEN.lastIndex;
  }
  return out;
}

/** A sum as a map (insertion order = first appearance). */
type Sum = { terms: Map<string, bigint>; constant: bigint };

const scaled = (s: Sum, f: bigint): Sum => ({
  terms: new Map([...s.terms].map(([n, c]) => [n, c * f])),
  constant: s.constant * f,
});

function added(a: Sum, b: Sum): Sum {
  const terms = new Map(a.terms);
  for (const [n, c] of b.terms) terms.set(n, (terms.get(n) ?? 0n) + c);
  return { terms, constant: a.constant + b.constant };
}

/** Recursive descent over `tokens`; undefined when the text is not of the plain form. */
function parse(ts: Token[]): Sum | undefined {
  let p = 0;
  const op = (o: string) => {
    const t = ts[p];
    if (t && 'op' in t && t.op === o) {
      p++;
      return true;
    }
    return false;
  };
  const factor = (): Sum | undefined => {
    if (op('-')) {
      const f = factor();
      return f && scaled(f, -1n);
    }
    if (op('+')) return factor();
    if (op('(')) {
      const e = expr();
      return e && op(')') ? e : undefined;
    }
    const t = ts[p++];
    if (t && 'number' in t) return { terms: new Map(), constant: t.number };
    // A name followed by `(` is a call (or a function-like macro): not read.
    if (t && 'name' in t && !(ts[p] && 'op' in ts[p]! && (ts[p] as { op: string }).op === '('))
      return { terms: new Map([[t.name, 1n]]), constant: 0n };
    return undefined;
  };
  const term = (): Sum | undefined => {
    let left = factor();
    while (left && op('*')) {
      const right = factor();
      if (!right) return undefined;
      // A product is linear only when one side is a constant.
      if (left.terms.size === 0) left = scaled(right, left.constant);
      else if (right.terms.size === 0) left = scaled(left, right.constant);
      else return undefined;
    }
    return left;
  };
  const expr = (): Sum | undefined => {
    let left = term();
    while (left) {
      if (op('+')) {
        const r = term();
        left = r && added(left, r);
      } else if (op('-')) {
        const r = term();
        left = r && added(left, scaled(r, -1n));
      } else break;
    }
    return left;
  };
  const e = expr();
  return e && p === ts.length ? e : undefined;
}

/**
 * The sum of an index text, or undefined when it is not of the plain form or spells one of
 * `opaque`: macros whose replacement is not one operand, which C does not read as one value
 * (`2 * M` with `#define M i + 1` is `2 * i + 1`).
 */
export function readIndex(
  text: string,
  opaque: ReadonlySet<string> = new Set(),
): IndexSum | undefined {
  const ts = tokens(text);
  if (!ts || ts.length === 0) return undefined;
  if (ts.some((t) => 'name' in t && opaque.has(t.name))) return undefined;
  const s = parse(ts);
  return s && { terms: [...s.terms], constant: s.constant };
}

/**
 * `sum_j c_j * text_j` as one sum, or undefined when a text with a non-zero coefficient is
 * not read. `combines`: whether like terms met (a name or a constant in more than one
 * place): only then is the printed form shorter than the one term per text of linearForm.
 */
export function combinedIndex(
  coefficients: readonly bigint[],
  texts: readonly string[],
  opaque: ReadonlySet<string> = new Set(),
): { sum: IndexSum; combines: boolean } | undefined {
  let total: Sum = { terms: new Map(), constant: 0n };
  let places = 0;
  const seen = new Set<string>();
  let combines = false;
  for (const [j, c] of coefficients.entries()) {
    if (c === 0n) continue;
    const s = readIndex(texts[j]!, opaque);
    if (!s) return undefined;
    for (const [n] of s.terms) {
      if (seen.has(n)) combines = true;
      seen.add(n);
    }
    if (s.constant !== 0n && places++ > 0) combines = true;
    total = added(total, scaled({ terms: new Map(s.terms), constant: s.constant }, c));
  }
  return { sum: { terms: [...total.terms], constant: total.constant }, combines };
}

/** The sum plus a constant. */
export function plus(s: IndexSum, c: bigint): IndexSum {
  return { terms: s.terms, constant: s.constant + c };
}

export function isConstantSum(s: IndexSum): boolean {
  return s.terms.every(([, c]) => c === 0n);
}

/**
 * The plainest spelling: names in order of first appearance, the constant last (`i - 2 * j
 * + 18`), or first when the first name is subtracted (`19 - i`); `0` for nothing.
 */
export function formatSum(s: IndexSum, asOperand: (text: string) => string): string {
  const terms = s.terms.filter(([, c]) => c !== 0n);
  const abs = (x: bigint) => (x < 0n ? -x : x);
  const word = ([n, c]: readonly [string, bigint]) =>
    abs(c) === 1n ? asOperand(n) : `${abs(c)} * ${asOperand(n)}`;
  const constantFirst = s.constant > 0n && terms.length > 0 && terms[0]![1] < 0n;
  let out = constantFirst ? `${s.constant}` : '';
  for (const t of terms)
    out =
      out === ''
        ? t[1] < 0n
          ? `-${word(t)}`
          : word(t)
        : `${out} ${t[1] < 0n ? '-' : '+'} ${word(t)}`;
  if (!constantFirst && s.constant !== 0n)
    out = out === '' ? `${s.constant}` : `${out} ${s.constant < 0n ? '-' : '+'} ${abs(s.constant)}`;
  return out === '' ? '0' : out;
}
