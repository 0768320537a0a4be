/**
 * The guards of a result that holds in several configurations. Each configuration's guards
 * (after a function: its conditionals with `#error` in the branches it skipped, `#if N !=
 * 100`, NDEBUG) stop every build but that one; the output keeps them all, each `#error`
 * turned into a `#define` that says "not this configuration", and stops a build only when
 * it is none of them. A build that mixes the branches of two configurations (never
 * analysed) is none of them: it still stops.
 */
import path from 'node:path';
import type { PlanInsertion } from '../../rewrite/plan.js';

/**
 * A guard made of preprocessor lines only (macroGuards.ts, contraction.ts's file end); an
 * enum constant's check after a function has a typedef (contraction.ts enumGuard).
 */
export function isGuard(i: PlanInsertion): boolean {
  if (i.kind === 'after') return !i.constantCheck;
  if (i.kind === 'before-line') return true;
  return i.kind === 'file-end' && i.lines.every((l) => l.startsWith('#'));
}

const ERROR = /^#error "beeclak: /;

/** The macro that says "this build is not configuration k" (one name per file: unity builds). */
function missName(file: string, k: number): string {
  const base = path.basename(file).replace(/[^A-Za-z0-9_]/g, '_');
  return `BEECLAK_NOT_${base}_${k + 1}`;
}

/** A label inside an `#error "..."` string. */
const quoted = (label: string) => label.replace(/[\\"]/g, "'");

/**
 * The guards of the output: the common ones when every configuration has the same, else
 * each configuration's with its `#error`s turned into its "not this one" macro, and the
 * check that fires when every macro is defined.
 */
export function combinedGuards(
  guards: readonly (readonly PlanInsertion[])[],
  labels: readonly string[],
  file: string,
): PlanInsertion[] {
  const texts = guards.map((g) => JSON.stringify(g));
  if (texts.every((t) => t === texts[0])) return [...guards[0]!];
  const out: PlanInsertion[] = [];
  guards.forEach((list, k) => {
    const mark = `#define ${missName(file, k)} 1`;
    for (const i of list) {
      if (i.kind === 'fallback') continue; // not a guard (isGuard)
      out.push({ ...i, lines: i.lines.map((l) => (ERROR.test(l) ? mark : l)) });
    }
  });
  const names = labels.map((_, k) => missName(file, k));
  out.push({
    kind: 'file-end',
    lines: [
      `#if ${names.map((n) => `defined(${n})`).join(' && ')}`,
      `#error "beeclak: arrays were contracted for the configurations ${labels.map((l) => `'${quoted(l)}'`).join(', ')} only; this build is none of them: run beeclak again naming it"`,
      '#endif',
      ...names.map((n) => `#undef ${n}`),
    ],
  });
  return out;
}
