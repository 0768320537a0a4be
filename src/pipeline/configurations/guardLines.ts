/**
 * Which lines of a contracted text are its guards (the `#if N != 8 / #error` lines after a
 * function, the conditionals that stop another configuration, the file-end checks), so that
 * the readings of a file several units include can be compared without them and merged
 * (unityGuards.ts). The plan is written again with every guard line marked; the marked text,
 * unmarked, must be the contraction's text exactly, or no line is said to be a guard.
 */
import { rewrite } from '../../rewrite/index.js';
import type { PlanInsertion } from '../../rewrite/plan.js';
import { isGuard } from './combinedGuards.js';
import type { Contraction, ContractOptions } from '../contraction.js';

/** A prefix no C text holds (a NUL byte), put before every physical line of a guard. */
const MARK = '\u0000beeclak-guard\u0000';

/** The line withFileEnd (rewrite/insertions.ts) writes before the file-end guards. */
export const FILE_END_NOTE = '/* beeclak: contracted for fixed sizes (see the report). */';

const marked = (i: PlanInsertion): PlanInsertion =>
  i.kind !== 'fallback' && isGuard(i)
    ? { ...i, lines: i.lines.map((l) => l.replace(/^/gm, MARK)) }
    : i;

/**
 * The indices (from 0, in `c.text.split('\n')`) of the guard lines of the contraction's text,
 * the note before the file-end guards included; undefined when it has none, or when they
 * cannot be told apart from the code.
 */
function guardLines(c: Pick<Contraction, 'plan' | 'text'>): number[] | undefined {
  const insertions = c.plan.insertions ?? [];
  if (c.text === c.plan.source || !insertions.some((i) => i.kind !== 'fallback' && isGuard(i)))
    return undefined;
  let text: string;
  try {
    text = rewrite({ ...c.plan, insertions: insertions.map(marked) }).text;
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  const out: number[] = [];
  for (const [k, l] of lines.entries()) {
    if (l.startsWith(MARK)) out.push(k);
    else if (l.replace(/\r$/, '') === FILE_END_NOTE && lines[k + 1]?.startsWith(MARK)) out.push(k);
  }
  const plain = lines.map((l) => (l.startsWith(MARK) ? l.slice(MARK.length) : l)).join('\n');
  return plain === c.text && out.length > 0 ? out : undefined;
}

/**
 * What the outcome of a file read inside its includer carries besides its text: its guard
 * lines (settleUnity merges the readings of several includers by them).
 */
export function hostGuardLines(
  c: Pick<Contraction, 'plan' | 'text'>,
  options: Pick<ContractOptions, 'compiler'>,
): { guardLines?: number[] } {
  if (!options.compiler || !options.compiler.host) return {};
  const lines = guardLines(c);
  return lines ? { guardLines: lines } : {};
}
