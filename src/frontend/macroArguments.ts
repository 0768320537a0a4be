/**
 * What a call of a function-like macro expands to, when that is plain substitution: each
 * parameter of the body replaced by its argument's tokens, nothing else expanding. Then an
 * argument that the body uses exactly once is copied to the compiler's text unchanged and in
 * one place, and its tokens are spelled in the file (kissfft's `C_MUL(scratch[1], Fout1[u],
 * tw1)`): an access written there can be rewritten in place, the one copy changing with it.
 *
 * Anything else leaves the call an unknown expansion (spelling.ts), its tokens unspelled:
 * a `#` or `##` in the body (an argument stringified or pasted is not expanded, nor is it an
 * expression), a variadic macro, a body naming a macro or a built-in (the rescan would
 * expand more: the copy is not what the file spells), an argument naming a function-like
 * macro, a built-in or an object-like one whose expansion is not known, an argument used twice
 * (its access runs twice; both copies are left unspelled) or not at all (no copy), a body
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
  /** The file tokens of each argument copied once, one list per such argument. */
  readonly copied: readonly (readonly number[])[];
}

const [OPEN, CLOSE, COMMA] = [40, 41, 44];

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
): CallExpansion | undefined {
  const params = def.params;
  if (params === undefined || params.some((p) => p.endsWith('...'))) return undefined;
  const body = cTokens(def.body).map((t) => t.text);
  if (!body.every((t) => !NOT_PLAIN.has(t) && (params.includes(t) || !expands(t))))
    return undefined;
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
  for (const t of body) {
    const p = params.indexOf(t);
    if (p < 0) {
      texts.push(t);
      indices.push(-1);
      continue;
    }
    const once = body.filter((x) => x === t).length === 1;
    if (once) copied.push(args[p]!);
    const copy = copies[p]!;
    texts.push(...copy.texts);
    indices.push(...copy.indices.map((k) => (once ? k : -1)));
  }
  return { texts, indices, copied };
}
