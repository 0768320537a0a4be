/**
 * Which object-like macros of a function a result really assumes (issue 27, "every
 * configuration"): the `#if N != 100 / #error` guards after a function (decision/macroGuards.ts)
 * fixed every macro its text expands, so a pre-commit hook's output stopped a `-DGAIN=3`
 * build although GAIN only scaled the values stored. Two kinds of macro need no value guard:
 *
 * - *value macros*: every expansion is a plain integer expression standing where its value
 *   can only become the value stored in an array element. The rule, and why it is sound:
 *   the expansion is one subtree of the compiler's text (`valueExpansion`), each operator
 *   from it up is pure (`+ - * & | ^`, comparisons, unary `- + ~ !`, a cast's operand, a
 *   branch of `?:` (not its condition), the left operand of `/ % << >>` (not the divisor or
 *   the shift count: another value could make the statement undefined), parentheses), and
 *   the top is the right side of `=`, `+=`, `-=`, `*=`, `&=`, `|=` or `^=` in an expression
 *   statement whose left side is an element of an array the function declares (its own,
 *   a parameter declared as an array, a file-scope one). Such a store changes no scalar (an
 *   array is an object of its own; a parameter array points into memory where only an
 *   object whose address was taken can be, and the model knows no value of those), and
 *   the model reads no value stored in an array (a subscript, bound or condition reading one
 *   is not affine: over-approximated). So loop bounds, subscripts, conditions, control flow,
 *   extents, the scalars the model follows and the arguments a decision across calls reads
 *   (call-site values) do not see the macro's value: any other integer gives the same
 *   decision. Anything else (a call, an argument, `sizeof`, a type, `&&`, an initializer, a
 *   scalar's assignment, an expansion the token correspondence cannot place) keeps the
 *   value guard: when the place of an expansion is not known, the macro is not a value one.
 *   Another definition could still be something else than an integer (`-DGAIN='t[0]++'`
 *   would touch the array): the macro then gets a shape guard instead, which only an
 *   integer expression passes (macroGuards.ts). C++ has no value macros: `t[i] = GAIN` may
 *   call an operator of a class, which may do anything with the value.
 * - *fixed macros*: defined in the main file outside every conditional group, as a plain
 *   integer expression, with no `#include`, `#define`/`#undef` of the name or `pop_macro`
 *   between the definition and the function's end: every build sees that definition (a
 *   `-DN=100` before it is redefined by it: the compiler warns, and the file's wins), so a
 *   guard could never fire.
 */
import type { ByteRange } from '../model/types.js';
import { changedBetween, type MacroChanges } from './macroChanges.js';
import { cTokens } from './ctokens.js';
import { evaluateTokens } from './macroValues.js';
import { type Node, child, unparenthesized } from './parse.js';
import type { MacroUse, SpellingMap } from './spelling.js';
import type { Conditions } from './configured.js';
import type { MacroEvent } from './preprocess.js';

export interface MacroRoles {
  /** Macros whose every expansion in the function is a stored value (see above). */
  readonly valueOnly: readonly string[];
  /** Macros the file itself fixes for every build (see above). */
  readonly fixed: readonly string[];
}

const PURE_BINARY = new Set(['+', '-', '*', '&', '|', '^', '==', '!=', '<', '>', '<=', '>=']);
/** Pure on their left operand only: a divisor or shift count could make the statement undefined. */
const LEFT_ONLY = new Set(['/', '%', '<<', '>>']);
const PURE_UNARY = new Set(['-', '+', '~', '!']);
const STORES = new Set(['=', '+=', '-=', '*=', '&=', '|=', '^=']);

const same = (a: Node | null | undefined, b: Node) =>
  !!a && a.startIndex === b.startIndex && a.endIndex === b.endIndex && a.type === b.type;

/**
 * The node exactly covering [start, end), the outermost of such nodes; undefined when the
 * range is not one subtree. Searched down a compact copy (plain fields; children in text
 * order, found by a binary search): tree-sitter's own `parent` walks down from the root
 * past every sibling, which in a body of thousands of statements took minutes.
 */
function nodeAt(root: Node, start: number, end: number): Node | undefined {
  let n: Node = root;
  for (;;) {
    if (n.startIndex === start && n.endIndex === end) return n;
    const children = n.namedChildren;
    let [lo, hi] = [0, children.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (children[mid]!.endIndex < end) lo = mid + 1;
      else hi = mid;
    }
    const next = children[lo];
    if (!next || next.startIndex > start || next.endIndex < end) return undefined;
    n = next;
  }
}

/** Whether `n`'s value only becomes the value stored in an element of one of `arrays`. */
function storedValueOnly(n: Node, arrays: ReadonlySet<string>): boolean {
  for (;;) {
    const p = n.parent;
    if (!p) return false;
    const op = child(p, 'operator')?.type;
    switch (p.type) {
      case 'parenthesized_expression':
        break;
      case 'binary_expression':
        if (!(PURE_BINARY.has(op!) || (LEFT_ONLY.has(op!) && same(child(p, 'left'), n))))
          return false;
        break;
      case 'unary_expression':
        if (!PURE_UNARY.has(op!)) return false;
        break;
      case 'cast_expression':
        if (!same(child(p, 'value'), n)) return false;
        break;
      case 'conditional_expression':
        if (same(child(p, 'condition'), n)) return false;
        break;
      case 'assignment_expression':
        return (
          STORES.has(op!) &&
          same(child(p, 'right'), n) &&
          p.parent?.type === 'expression_statement' &&
          arrayElement(child(p, 'left'), arrays)
        );
      default:
        return false;
    }
    n = p;
  }
}

/** `a[i]`, `a[i][j]` with `a` one of `arrays`. */
function arrayElement(n: Node | null, arrays: ReadonlySet<string>): boolean {
  if (!n) return false;
  let t = unparenthesized(n);
  if (t.type !== 'subscript_expression') return false;
  while (t.type === 'subscript_expression') t = unparenthesized(child(t, 'argument')!);
  return t.type === 'identifier' && arrays.has(t.text);
}

/**
 * The compiler's tokens a use expands to, as a pp range: the file tokens right before and
 * after it, on its lines, are spelled one-to-one and every token between their copies is
 * none of the file's. Undefined when the correspondence cannot place it.
 */
function expansionRange(
  u: MacroUse,
  map: SpellingMap,
  fileToPp: Int32Array,
): ByteRange | undefined {
  const file = map.fileTokens;
  const a = firstAt(file.starts, u.start);
  const b = firstAt(file.ends, u.end);
  if (a <= 0 || b < a || b + 1 >= file.length) return undefined;
  if (file.lines[a - 1] !== file.lines[a] || file.lines[b + 1] !== file.lines[b]) return undefined;
  const [before, after] = [fileToPp[a - 1]!, fileToPp[b + 1]!];
  if (before < 0 || after <= before + 1) return undefined;
  for (let k = before + 1; k < after; k++) if (map.ppToFile[k]! >= 0) return undefined;
  return { start: map.ppTokens.starts[before + 1]!, end: map.ppTokens.ends[after - 1]! };
}

/** Index of `v` in the ascending `xs`, or -1. */
function firstAt(xs: Int32Array, v: number): number {
  let [lo, hi] = [0, xs.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return xs[lo] === v ? lo : -1;
}

/** File token -> its preprocessed copy, or -1 (the inverse of SpellingMap.ppToFile). */
export function fileToPp(map: SpellingMap): Int32Array {
  const out = new Int32Array(map.fileTokens.length).fill(-1);
  map.ppToFile.forEach((o, k) => {
    if (o >= 0) out[o] = k;
  });
  return out;
}

/** Whether a use is a plain integer expression whose value only becomes a stored value. */
function valueExpansion(
  u: MacroUse,
  fn: Node,
  map: SpellingMap,
  toPp: Int32Array,
  arrays: ReadonlySet<string>,
): boolean {
  if (!u.definition || u.definition.params !== undefined || u.depends.length === 0) return false;
  if (u.depends.some((d) => d.value === undefined)) return false;
  const r = expansionRange(u, map, toPp);
  const n = r && nodeAt(fn, r.start, r.end);
  return !!n && storedValueOnly(n, arrays);
}

/**
 * Whether a definition is the same in every build up to the line `last` (see the file's
 * comment): the main file's, outside conditional groups, a plain integer, and nothing
 * between that could change it.
 */
function fixedDefinition(
  d: MacroUse['depends'][number],
  source: string,
  file: {
    readonly lineStarts: readonly number[];
    readonly hashTrigraph: boolean;
    readonly macroChanges: MacroChanges;
  },
  groups: Conditions['groups'],
  last: number,
): boolean {
  const { lineStarts } = file;
  const def = d.definition;
  if (def.kind !== 'define' || !def.inMainFile || def.system || def.params !== undefined)
    return false;
  if (evaluateTokens(cTokens(def.body).map((t) => t.text)) === undefined) return false;
  if (groups.some((g) => g.first <= def.line && def.line <= g.last)) return false;
  const from = lineStarts[def.line] ?? source.length;
  const to = lineStarts[last] ?? source.length;
  // (Both read once per file: a test of the text between per definition was quadratic.)
  return !(file.hashTrigraph || changedBetween(file.macroChanges, d.name, from, to));
}

/** The roles of the macros the function's text expands (see the file's comment). */
export function macroRoles(
  fn: Node | undefined,
  range: ByteRange,
  endLine: number,
  uses: readonly MacroUse[],
  arrays: readonly string[],
  c: {
    map: SpellingMap;
    toPp: () => Int32Array;
    source: string;
    lineStarts: readonly number[];
    hashTrigraph: boolean;
    macroChanges: MacroChanges;
    groups: () => Conditions['groups'];
  },
): MacroRoles {
  const own = new Set(arrays);
  const valued = new Set<string>();
  const needed = new Set<string>();
  // Per definition: a name whose uses saw two (a redefinition inside) is fixed only if both are.
  const fixedness = new Map<MacroEvent, boolean>();
  const unfixed = new Set<string>();
  for (const u of uses) {
    if (u.start < range.start || u.end > range.end || u.depends.length === 0) continue;
    const value = !!fn && valueExpansion(u, fn, c.map, c.toPp(), own);
    for (const d of u.depends) {
      (value ? valued : needed).add(d.name);
      let f = fixedness.get(d.definition);
      if (f === undefined)
        fixedness.set(d.definition, (f = fixedDefinition(d, c.source, c, c.groups(), endLine)));
      if (!f) unfixed.add(d.name);
    }
  }
  const fixed = [...new Set([...fixedness.keys()].map((d) => d.name))].filter(
    (n) => !unfixed.has(n),
  );
  return {
    valueOnly: [...valued].filter((n) => !needed.has(n) && !fixed.includes(n)),
    fixed,
  };
}
