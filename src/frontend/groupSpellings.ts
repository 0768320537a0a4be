/**
 * The names a text spells on chosen lines, other than as a plain declaration of a function
 * (adversary 2026-11-29d): a call, an address taken, a macro naming it, a string (an alias
 * attribute, an asm label), a declaration with an attribute or an assembler name. A build
 * that decides a conditional group otherwise than the one analysed compiles those lines, so
 * a function they spell may be called or have its address taken there, unseen.
 */
import { codeOnly } from '../model/identifiers.js';
import { conditionalGroups } from './conditionals.js';

/** A line ending in a splice (`\`, or the trigraph `??/`): the next line is its text. */
const SPLICED = /(\\|\?\?\/)\s*$/;

/**
 * The key of a line that pastes tokens (`##`, or a macro whose body does): it may spell any
 * name (`NAME(ke, rn)` with `#define NAME(a, b) a##b` is kern).
 */
export const PASTED = '##';

/** The macros `raw` defines (in any branch) whose body pastes tokens. */
export function pastingMacros(raw: string): Set<string> {
  const out = new Set<string>();
  const code = codeOnly(raw).replace(/(\\|\?\?\/)[ \t]*\r?\n/g, ' ');
  for (const m of code.matchAll(/^[ \t]*(?:#|%:)[ \t]*define[ \t]+([A-Za-z_]\w*)(.*)$/gm))
    if (/##|%:%:/.test(m[2]!)) out.add(m[1]!);
  return out;
}

/**
 * Per name, the lines (1-based, ascending) where `raw` so spells it, among the lines `on`
 * marks (`on[line] === 1`). One pass over the text, its braces counted outside directives.
 */
export function spellingsOnLines(
  raw: string,
  on: Uint8Array,
  pasting: ReadonlySet<string> = new Set(),
  /** Macros: an invocation at file scope (`= GETK();`) is none of a declaration's names. */
  macros: ReadonlyMap<string, unknown> = new Map(),
): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const add = (name: string, line: number) => {
    const at = out.get(name);
    if (!at) out.set(name, [line]);
    else if (at[at.length - 1] !== line) at.push(line);
  };
  const lines = codeOnly(raw).split('\n');
  const withLiterals = codeOnly(raw, true).split('\n');
  let depth = 0;
  let directive = false;
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!;
    const inDirective: boolean = directive || /^\s*(#|%:)/.test(line);
    directive = inDirective && SPLICED.test(line);
    const here = on[k + 1] === 1;
    if (here && /##|%:%:/.test(line)) add(PASTED, k + 1);
    // (a name in a literal: an alias attribute, an asm label)
    if (here)
      for (const m of withLiterals[k]!.matchAll(/[A-Za-z_]\w*/g))
        if (line.slice(m.index, m.index + m[0].length) !== m[0]) add(m[0], k + 1);
    for (const m of line.matchAll(/[A-Za-z_]\w*|[{}]/g)) {
      if (here && pasting.has(m[0])) add(PASTED, k + 1);
      if (inDirective) {
        if (here && m[0] !== '{' && m[0] !== '}') add(m[0], k + 1);
        continue;
      }
      if (m[0] === '{') depth++;
      else if (m[0] === '}') depth = Math.max(0, depth - 1);
      else if (
        here &&
        (macros.has(m[0]) || !(depth === 0 && plainDeclaration(lines, k, m.index + m[0].length)))
      )
        add(m[0], k + 1);
    }
  }
  return out;
}

/**
 * Per macro, the names its body spells (with the names of its string literals): the
 * `#define`s of `raws` in any branch, their line splices joined, and `events`' (this build's,
 * the command line's too). Parameters are kept: a name too many only refuses more.
 */
export function macroBodyNames(
  raws: readonly string[],
  events: readonly { readonly kind: string; readonly name: string; readonly body: string }[] = [],
): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (name: string, body: string) => {
    let names = out.get(name);
    if (!names) out.set(name, (names = new Set()));
    for (const m of body.matchAll(/[A-Za-z_]\w*/g)) names.add(m[0]);
  };
  for (const raw of raws) {
    const code = codeOnly(raw, true).replace(/(\\|\?\?\/)[ \t]*\r?\n/g, ' ');
    for (const m of code.matchAll(/^[ \t]*(?:#|%:|\?\?=)[ \t]*define[ \t]+([A-Za-z_]\w*)(.*)$/gm))
      add(m[1]!, m[2]!);
  }
  for (const e of events) if (e.kind === 'define') add(e.name, e.body);
  return out;
}

/**
 * `spelled` with, for each macro it spells, every name the macro's body spells, through
 * other macros' bodies too, on the same lines (inactive27: `#define CALLK(u) kern(u)` outside
 * the group and `r = CALLK(u) + u[15];` inside `#ifdef DEBUG` spelled no kern, and a -DDEBUG
 * build printed 4504.5 for 4527). Each macro's closure is read once.
 */
export function throughMacros(
  spelled: Map<string, number[]>,
  bodies: ReadonlyMap<string, ReadonlySet<string>>,
): Map<string, number[]> {
  if (bodies.size === 0) return spelled;
  const closures = new Map<string, Set<string>>();
  const closure = (root: string): Set<string> => {
    const known = closures.get(root);
    if (known) return known;
    const seen = new Set<string>([root]);
    const todo = [root];
    while (todo.length > 0)
      for (const n of bodies.get(todo.pop()!) ?? [])
        if (!seen.has(n)) {
          seen.add(n);
          todo.push(n);
        }
    seen.delete(root);
    closures.set(root, seen);
    return seen;
  };
  const out = new Map(spelled);
  const added = new Set<string>();
  for (const [name, lines] of spelled) {
    if (!bodies.has(name)) continue;
    for (const n of closure(name)) {
      out.set(n, [...(out.get(n) ?? []), ...lines]);
      added.add(n);
    }
  }
  for (const n of added) out.set(n, ascending(out.get(n)!));
  return out;
}

const ascending = (lines: readonly number[]) => [...new Set(lines)].sort((a, b) => a - b);

/** A literal integer zero: `0`, `00`, `0x0`, `0u`, `0L`, in parentheses or not. */
const ZERO = String.raw`(?<open>\(*)\s*(?:0[xX]0*|0+)[uUlL]*\s*(?<close>\)*)`;
const FALSE = new RegExp(String.raw`^\s*(?:#|%:|\?\?=)\s*if\s*${ZERO}\s*(?:&&(?<rest>.*))?$`, 's');

/**
 * Whether a group's first branch is one no build compiles: `#if 0`, or `#if 0 && ...` where
 * what follows `&&` is literals and `defined` operators (inactive27: an `#if 0` block of
 * another file naming the kernel refused it). A macro after `&&` may expand to `1 || 1`
 * (`0 && 1 || 1` is true), so one name other than a `defined` operand, or a `||`, `?` or
 * `,` (looser than `&&`), keeps the group the build's.
 */
export function neverCompiled(directive: readonly string[]): boolean {
  const m = FALSE.exec(codeOnly(directive.join('\n')).replace(/(\\|\?\?\/)[ \t]*\n/g, ' '));
  // (as many parentheses closed after the zero as opened before it: in `#if (0 && 1) == 0`
  // the && is inside them, and the group, true in every build, was read as dead: a call of
  // the kernel under its nested #ifdef DEBUG went unseen, multifile/kernel-under-if0-parenthesized)
  if (!m || m.groups!.open!.length !== m.groups!.close!.length) return false;
  const rest = (m.groups!.rest ?? '').replace(
    /\bdefined\s*(?:\(\s*[A-Za-z_]\w*\s*\)|[A-Za-z_]\w*)/g,
    '0',
  );
  return !/[A-Za-z_]|\|\||\?|,|\n/.test(rest);
}

/**
 * Per name, the lines inside any conditional group of `raw` that so spell it (configured.ts:
 * a function whose name a group spells gets that group's guard), `PASTED` for those that
 * paste tokens (`pasting`: the macros whose body does). Empty without groups.
 */
export function spellingsInGroups(
  raw: string,
  pasting: ReadonlySet<string> = new Set(),
  bodies: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): Map<string, number[]> {
  const groups = conditionalGroups(raw);
  if (groups.length === 0) return new Map();
  const on = new Uint8Array(raw.split('\n').length + 2);
  for (const g of groups) on.fill(1, g.first, Math.min(g.last, on.length - 2) + 1);
  return throughMacros(spellingsOnLines(raw, on, pasting, bodies), bodies);
}

/**
 * Whether the name ending at column `end` of line `k` is followed by `(` and its file-scope
 * statement (to the next `;` or `{`) carries no attribute or assembler name: a declaration
 * or a definition's head, which calls nothing and takes no address.
 */
function plainDeclaration(lines: readonly string[], k: number, end: number): boolean {
  let rest = lines[k]!.slice(end);
  for (let n = k + 1; n < lines.length && !/[;{]/.test(rest) && n < k + 64; n++)
    rest += `\n${lines[n]}`;
  if (!/^\s*\(/.test(rest)) return false;
  const statement = rest.slice(0, rest.search(/[;{]|$/));
  return !/__attribute__|\[\[|\basm\b|__asm/.test(statement);
}
