/**
 * What a call of a function-like macro expands to, when that is plain substitution: each
 * parameter of the body replaced by its argument's tokens, nothing else expanding. Then an
 * argument that the body uses exactly once is copied to the compiler's text unchanged and in
 * one place, and its tokens are spelled in the file (kissfft's `C_MUL(scratch[1], Fout1[u],
 * tw1)`): an access written there can be rewritten in place, the one copy changing with it.
 *
 * An argument the body uses several times (kissfft's `C_MUL(m, a, b)`: `(m).r = ...;
 * (m).i = ...;`) is copied to each place: an edit of its text changes every copy alike,
 * which is right since the rewritten index is made from the index's own text (every copy
 * gets the slot of the cell it names, rewrite/fromModel.ts merges the accesses of one text).
 * A call in the body of a function-like macro that expands to nothing is dropped as the
 * rescan drops it (withoutEmptyCalls), and an object-like name there becomes its expansion
 * when that is known (`objectTokens`).
 *
 * Anything else leaves the call an unknown expansion (spelling.ts), its tokens unspelled:
 * a `#` or `##` in the body (an argument stringified or pasted is not expanded, nor is it an
 * expression), a variadic macro, a body naming another macro or a built-in (the rescan would
 * expand more: the copy is not what the file spells), an argument naming a function-like
 * macro, a built-in or an object-like one whose expansion is not known, an argument not used
 * at all (no copy) or copied after `.` or `->` (a member's name), a body
 * with an operator whose operand is not evaluated (`sizeof`, `typeof`, `_Alignof`,
 * `_Generic`: what stands there is a type's, not an access's).
 */
import type { TokenColumns } from './ctokens.js';
import { cTokens } from './ctokens.js';
import type { MacroEvent } from './preprocess.js';

/** A call's expansion: its tokens, with the file token each copies (-1: none, or not one-to-one). */
export interface CallExpansion {
  readonly texts: readonly string[];
  readonly indices: readonly number[];
  /** The file tokens of each argument copied (once or more), one list per such argument. */
  readonly copied: readonly (readonly number[])[];
}

const [OPEN, CLOSE, COMMA] = [40, 41, 44];

/** The member operators: a copy after one is a member's name, not an expression. */
const MEMBER = new Set(['.', '->']);

/** Tokens a body may not have: pasting, stringizing, variadics, unevaluated operands. */
const NOT_PLAIN = new Set([
  '#',
  '##',
  '%:',
  '%:%:',
  '__VA_ARGS__',
  '__VA_OPT__',
  'sizeof',
  'typeof',
  '__typeof__',
  '__typeof',
  'typeof_unqual',
  '_Alignof',
  'alignof',
  '__alignof__',
  '__alignof',
  '_Generic',
  'decltype',
  'typeid',
  'noexcept',
  '__builtin_types_compatible_p',
  '__builtin_offsetof',
]);

/**
 * An argument's tokens as the compiler substitutes them (fully expanded first: `t[i + N]`
 * becomes `t[i + 10]`), with the file token each is or -1 (a macro's tokens); undefined when
 * a word expands to what `objectTokens` does not know.
 */
function substituted(
  tokens: TokenColumns,
  arg: readonly number[],
  expands: (word: string) => boolean,
  objectTokens: (word: string) => readonly string[] | undefined,
): { texts: string[]; indices: number[] } | undefined {
  const texts: string[] = [];
  const indices: number[] = [];
  for (const k of arg) {
    const w = tokens.isWord(k) && expands(tokens.text(k)) ? tokens.text(k) : undefined;
    const expansion = w === undefined ? [tokens.text(k)] : objectTokens(w);
    if (!expansion) return undefined;
    for (const t of expansion) {
      texts.push(t);
      indices.push(w === undefined ? k : -1);
    }
  }
  return { texts, indices };
}

/** The file tokens of each argument of the call whose parentheses are at `open`, `close`. */
function callArguments(tokens: TokenColumns, open: number, close: number): number[][] {
  const args: number[][] = [[]];
  let depth = 0;
  for (let k = open + 1; k < close; k++) {
    if (tokens.isChar(k, OPEN)) depth++;
    else if (tokens.isChar(k, CLOSE)) depth--;
    else if (depth === 0 && tokens.isChar(k, COMMA)) {
      args.push([]);
      continue;
    }
    args[args.length - 1]!.push(k);
  }
  return args;
}

/**
 * The expansion of the call of `def` whose name is file token `name` and whose `)` is token
 * `close`, when it is plain substitution (above); undefined otherwise. `expands` tells
 * whether a word is a macro (or built-in) where the call is, `objectTokens` what an
 * object-like one becomes when that is known (spelling.ts objectExpansion).
 */
export function callExpansion(
  def: MacroEvent,
  tokens: TokenColumns,
  name: number,
  close: number,
  expands: (word: string) => boolean,
  objectTokens: (word: string) => readonly string[] | undefined,
  emptyCall: (word: string) => boolean = () => false,
): CallExpansion | undefined {
  const params = def.params;
  if (params === undefined || params.some((p) => p.endsWith('...'))) return undefined;
  // (A parameter named as such a macro is its argument's text, not a call: `F(CHK, x)`.)
  const body = withoutEmptyCalls(
    cTokens(def.body).map((t) => t.text),
    (w) => !params.includes(w) && emptyCall(w),
  );
  if (!body) return undefined;
  // An object-like name of the body becomes its known expansion on the rescan (kissfft's
  // `HALF_OF(x)`, `((x)*((kiss_fft_scalar).5))`); any other macro there is unknown.
  const own = (t: string) => (params.includes(t) || !expands(t) ? [t] : objectTokens(t));
  const parts = body.map((t) => (params.includes(t) ? t : own(t)));
  if (parts.some((x) => x === undefined)) return undefined;
  const unsure = (t: string) => NOT_PLAIN.has(t);
  if (body.some(unsure) || parts.some((x) => Array.isArray(x) && x.some(unsure))) return undefined;
  const args = callArguments(tokens, name + 1, close);
  if (
    params.length === 0 ? args.length !== 1 || args[0]!.length > 0 : args.length !== params.length
  )
    return undefined;
  const copies = args.map((arg) => substituted(tokens, arg, expands, objectTokens));
  if (copies.some((c) => c === undefined)) return undefined;
  const texts: string[] = [];
  const indices: number[] = [];
  const copied: number[][] = [];
  const placed = new Set<number>();
  // The call itself after `.` or `->` (`q.BOTH(t[i])`, BOTH(a) `a = a + 1`: q.t[i] = t[i] + 1),
  // or after a macro that may end in one: the body's first copy may be a member's name.
  const before = name > 0 ? tokens.text(name - 1) : '';
  let member = MEMBER.has(before) || (/^[A-Za-z_]/.test(before) && expands(before));
  body.forEach((t, k) => {
    const p = params.indexOf(t);
    if (p < 0) {
      const expansion = parts[k] as readonly string[];
      texts.push(...expansion);
      indices.push(...expansion.map(() => -1));
      return;
    }
    // A copy after `.` or `->` is a member's name, not the argument's expression (review
    // 2026-11-29: `q.a` with `SETQ(t[i], v)` is q.t[i], and one edit of `t[i]` moved the
    // member's cell too).
    if (texts.length > 0 && MEMBER.has(texts[texts.length - 1]!)) member = true;
    if (!placed.has(p)) copied.push(args[p]!);
    placed.add(p);
    const copy = copies[p]!;
    texts.push(...copy.texts);
    indices.push(...copy.indices);
  });
  return member ? undefined : { texts, indices, copied };
}

/**
 * A body without the calls it makes of function-like macros that expand to nothing
 * (kissfft's `CHECK_OVERFLOW_OP((a).r,+,(b).r)` in `C_ADD` outside FIXED_POINT): the rescan
 * drops each such call, its arguments unexpanded and uncopied. Undefined when a call's
 * parentheses do not close in the body, or its arguments paste or stringize (`##` could
 * make a token that changes where the call ends).
 */
function withoutEmptyCalls(
  body: readonly string[],
  emptyCall: (word: string) => boolean,
): string[] | undefined {
  const out: string[] = [];
  for (let k = 0; k < body.length; k++) {
    const t = body[k]!;
    if (!emptyCall(t) || body[k + 1] !== '(') {
      out.push(t);
      continue;
    }
    let depth = 0;
    let end = -1;
    for (let j = k + 1; j < body.length && end < 0; j++) {
      if (body[j] === '#' || body[j] === '##' || body[j] === '%:' || body[j] === '%:%:')
        return undefined;
      if (body[j] === '(') depth++;
      else if (body[j] === ')' && --depth === 0) end = j;
    }
    if (end < 0) return undefined;
    k = end;
  }
  return out;
}
