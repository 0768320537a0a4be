/**
 * The instantiations of a C++ function template share one text (issue 30,
 * src/frontend/cpp/templates.ts): each is analysed as a function of its own, but an array of
 * the template is rewritten once, for all of them. It is contracted only when every
 * instantiation gives the very same edits: the same declarator (a fold of the same size, or
 * a dimension kept whole, spelled by its extent's own text such as the parameter `M`), the
 * same slot index at each access, the same pragma updates. Otherwise each instantiation
 * keeps the array, with the reason and what each would have given.
 */
import type { ArrayDecision } from '../decision.js';
import { accessRewrites } from '../../rewrite/fromModel.js';
import { copiesInBounds } from '../../rewrite/fromModel.js';
import { rowRanges } from '../../rewrite/accessRanges.js';
import { nameRecord } from '../../poly/nameRecord.js';
import { decisionRows } from './rows.js';
import type { AccessRange } from '../../rewrite/plan.js';
import {
  isContracted,
  isHeap,
  refuse,
  refused,
  type ArrayOutcome,
  type Outcome,
} from './outcome.js';

/** The array of a template's text this outcome is about (undefined: no instantiation). */
function sharedArray(o: Outcome): string | undefined {
  if (isHeap(o) || o.fn.instanceOf === undefined) return undefined;
  const { loc } = o.array;
  return `${o.fn.instanceOf}@${o.fn.range.start}:${o.array.name}@${loc.line}:${loc.column}`;
}

/**
 * The form the rewriter gives a slot index (rewrite/sigma.ts `reduceModulo`) by what is proven
 * of its value over the access: as written when within [0, b), else reduced, with an offset
 * when it may be negative.
 */
function slotForm(r: AccessRange, b: bigint | undefined): string {
  if (r.withinModulus) return 'as written';
  if (b === undefined || r.min === undefined) return 'reduced';
  if (r.min >= 0n) return r.max !== undefined && r.max <= b - 1n ? 'as written' : 'reduced';
  return `reduced + ${((-r.min + b - 1n) / b) * b}`;
}

/**
 * What the rewriter writes for the decision, as a string that is equal for two decisions only
 * if their edits are: the rows' coefficients and modulus texts, each access's slot form (a row
 * copying a dimension whole into its extent is always the index as written), the pragmas.
 */
function rewriteKey(d: ArrayDecision, pragmaEdits: (d: ArrayDecision) => unknown): string {
  const rows = decisionRows(d);
  const whole = rows.map((r) => copiesInBounds(r, d.array.extents));
  const assumed = nameRecord(d.assumes);
  const accesses = accessRewrites(
    d.fn.statements.flatMap((statement) =>
      statement.accesses
        .filter((a) => a.array === d.array.name)
        .map((access) => ({
          access,
          statement,
          rowRanges: rowRanges(d.fn, d.array, statement, access, rows, assumed),
        })),
    ),
  );
  return JSON.stringify({
    // Not shared by the instantiations' texts: a file-scope array, a delinearized view.
    own:
      d.array.storage === 'global' || d.array.storage === 'static-global' || d.array.delinearized
        ? d.fn.name
        : '',
    placement: d.placement ?? '',
    rows: rows.map(
      (r, k) =>
        `${r.coefficients.join(',')} mod ${r.modulus.text}${whole[k] ? '' : ` = ${r.modulus.value}`}`,
    ),
    accesses: accesses.map(
      (a) =>
        `${a.range.start}:${a.range.end} ${a.rowRanges.map((r, k) => (whole[k] ? 'as written' : slotForm(r, rows[k]!.modulus.value))).join(' ')}`,
    ),
    pragmas: pragmaEdits(d),
  });
}

/** One instantiation's result, for the message. */
function resultOf(o: ArrayOutcome): string {
  if (isContracted(o)) return `${o.fn.name}: ${o.verdict.cells} cells`;
  return `${o.fn.name}: ${'reason' in o.verdict ? `unchanged (${o.verdict.reason})` : 'unchanged'}`;
}

/**
 * The outcomes with every array of a template contracted in all of its instantiations the
 * same way, or in none (`pragmaEdits`: the HLS pragma edits a decision makes).
 */
export function agreeOnTemplates(
  os: readonly Outcome[],
  pragmaEdits: (d: ArrayDecision) => unknown,
): Outcome[] {
  const groups = new Map<string, ArrayOutcome[]>();
  for (const o of os) {
    const k = sharedArray(o);
    if (k !== undefined) groups.set(k, [...(groups.get(k) ?? []), o as ArrayOutcome]);
  }
  const disagree = new Map<ArrayOutcome, string>();
  for (const group of groups.values()) {
    if (group.length < 2 || !group.some(isContracted)) continue;
    const keys = group.map((o) =>
      isContracted(o) ? rewriteKey(o.verdict.decision, pragmaEdits) : undefined,
    );
    if (keys.every((k) => k !== undefined && k === keys[0])) continue;
    const why =
      `the instantiations of '${group[0]!.fn.instanceOf}' share this text and would need ` +
      `different rewrites of it: ${group.map(resultOf).join('; ')}`;
    for (const o of group) disagree.set(o, why);
  }
  return os.map((o) => {
    const why = !isHeap(o) && isContracted(o) ? disagree.get(o) : undefined;
    return why ? refused(o as ArrayOutcome, refuse('template-instances-disagree', why)) : o;
  });
}

/**
 * The outcomes with no template's array contracted when another file includes this one
 * (`includers`): its code may instantiate the templates with other arguments, which were not
 * read (a unity build's b.cpp calling win<4> of a.cpp, whose text was rewritten for win<32>).
 */
export function includedTemplates(os: readonly Outcome[], includers: readonly string[]): Outcome[] {
  if (includers.length === 0) return [...os];
  const why = `function template: ${includers[0]} includes this file, and the instantiations its code makes are not read`;
  return os.map((o) =>
    !isHeap(o) && o.fn.instanceOf !== undefined && isContracted(o)
      ? refused(o as ArrayOutcome, refuse('template-instantiation-unknown', why))
      : o,
  );
}

/** The decisions for the rewriter: one per array of a template's text (they agree). */
export function rewrittenOnce(decisions: readonly ArrayDecision[]): ArrayDecision[] {
  const seen = new Set<string>();
  return decisions.filter((d) => {
    if (d.fn.instanceOf === undefined) return true;
    const k = `${d.fn.instanceOf}@${d.fn.range.start}:${d.array.name}@${d.array.loc.line}:${d.array.loc.column}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
