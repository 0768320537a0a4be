/**
 * The C text of each size of a delinearized view, in the source's own symbols where the
 * declared size spells it (`t[M * (N + 1)]` seen as `t[M][N + 1]`, not `t[M][5]`), so that
 * a contracted declaration stays symbolic where the source was. A size that matches no
 * parameter and no factor of the declared product keeps its number.
 */
import type { Extent, FunctionModel } from '../model/types.js';
import { ownValue } from '../poly/nameRecord.js';
import { mentionsIdentifier } from '../model/identifiers.js';
import { knownParameterValues } from '../model/parameterValues.js';

/** Value of a small C size expression: integers, known parameters, + - * and parentheses. */
export function sizeValue(
  text: string,
  values: Readonly<Record<string, bigint>>,
): bigint | undefined {
  const tokens = text.match(/\s*([A-Za-z_][A-Za-z0-9_]*|\d+|[-+*()]|\S)/g)?.map((t) => t.trim());
  if (!tokens) return undefined;
  let at = 0;
  const peek = () => tokens[at];
  // expr := term (('+' | '-') term)*; term := unary ('*' unary)*; unary := '-' unary | atom
  const expr = (): bigint | undefined => {
    let v = term();
    while (v !== undefined && (peek() === '+' || peek() === '-')) {
      const op = tokens[at++];
      const r = term();
      v = r === undefined ? undefined : op === '+' ? v + r : v - r;
    }
    return v;
  };
  const term = (): bigint | undefined => {
    let v = unary();
    while (v !== undefined && peek() === '*') {
      at++;
      const r = unary();
      v = r === undefined ? undefined : v * r;
    }
    return v;
  };
  const unary = (): bigint | undefined => {
    if (peek() === '-') {
      at++;
      const v = unary();
      return v === undefined ? undefined : -v;
    }
    const t = tokens[at++];
    if (t === undefined) return undefined;
    if (t === '(') {
      const v = expr();
      return tokens[at++] === ')' ? v : undefined;
    }
    if (/^\d+$/.test(t)) return BigInt(t);
    return /^[A-Za-z_]/.test(t) ? ownValue(values, t) : undefined;
  };
  const v = expr();
  return at === tokens.length ? v : undefined;
}

/** The factors of a product at parenthesis depth 0: `M * (N + 1)` -> ['M', '(N + 1)']. */
export function topLevelFactors(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '*' && depth === 0) {
      out.push(text.slice(from, k).trim());
      from = k + 1;
    }
  }
  out.push(text.slice(from).trim());
  return out;
}

/** `(N + 1)` -> `N + 1`: outer parentheses that enclose the whole text. */
function unwrap(text: string): string {
  if (!text.startsWith('(') || !text.endsWith(')')) return text;
  let depth = 0;
  for (let k = 0; k < text.length - 1; k++) {
    if (text[k] === '(') depth++;
    else if (text[k] === ')') depth--;
    if (depth === 0) return text; // `(a) * (b)`: the first group closes early
  }
  return unwrap(text.slice(1, -1).trim());
}

/** The texts of `sizes` (outermost first) for an array declared with extent `declared`. */
export function viewSizeTexts(
  sizes: readonly bigint[],
  declared: Extent,
  fn: FunctionModel,
): string[] {
  const values = knownParameterValues(fn, fn.macroValues);
  const factors = topLevelFactors(declared.text).map((text) => ({
    text: unwrap(text),
    value: sizeValue(text, values),
    used: false,
  }));
  return sizes.map((size) => {
    const f = factors.find((x) => !x.used && x.value === size);
    if (f) {
      f.used = true;
      return /^[A-Za-z_0-9]+$/.test(f.text) ? f.text : `(${f.text})`;
    }
    // `(H * W) * K` seen as [H][W][K]: a parameter of that value named in the text.
    const p = Object.entries(values).find(
      ([name, value]) => value === size && mentionsIdentifier(declared.text, name),
    );
    return p ? p[0] : `${size}`;
  });
}
