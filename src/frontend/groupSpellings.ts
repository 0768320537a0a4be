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
      else if (here && !(depth === 0 && plainDeclaration(lines, k, m.index + m[0].length)))
        add(m[0], k + 1);
    }
  }
  return out;
}

/**
 * Per name, the lines inside any conditional group of `raw` that so spell it (configured.ts:
 * a function whose name a group spells gets that group's guard), `PASTED` for those that
 * paste tokens (`pasting`: the macros whose body does). Empty without groups.
 */
export function spellingsInGroups(
  raw: string,
  pasting: ReadonlySet<string> = new Set(),
): Map<string, number[]> {
  const groups = conditionalGroups(raw);
  if (groups.length === 0) return new Map();
  const on = new Uint8Array(raw.split('\n').length + 2);
  for (const g of groups) on.fill(1, g.first, Math.min(g.last, on.length - 2) + 1);
  return spellingsOnLines(raw, on, pasting);
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
