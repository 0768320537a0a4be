/**
 * The readable notation `[N] -> { [i, j] : 0 <= i < j < N and exists e0 : i = 2e0 }`.
 * Locals print as `exists` variables; printing then parsing gives the same set.
 */
import type { BasicSet, PolySet } from './types.js';
import { width } from './basic.js';

function term(c: bigint, name: string): string {
  const m = c < 0n ? -c : c;
  return m === 1n ? name : `${m}${name}`;
}

/** A signed affine expression `2i - j + N - 1`. */
function expr(terms: [bigint, string][], constant: bigint): string {
  let s = '';
  for (const [c, n] of terms) {
    if (c === 0n) continue;
    s +=
      s === ''
        ? c < 0n
          ? `-${term(c, n)}`
          : term(c, n)
        : c < 0n
          ? ` - ${term(c, n)}`
          : ` + ${term(c, n)}`;
  }
  if (constant !== 0n || s === '')
    s += s === '' ? `${constant}` : constant < 0n ? ` - ${-constant}` : ` + ${constant}`;
  return s;
}

interface Bound {
  subject: string;
  other: string;
}

/**
 * Writes a row with one variable (the last with a unit coefficient, else the last) alone on
 * one side: `lo <= x`, `x <= hi` or `x = e`.
 */
function split(row: readonly bigint[], names: readonly string[]): { coef: bigint; b: Bound } {
  let s = -1;
  for (let i = 1; i < row.length; i++) if (row[i] === 1n || row[i] === -1n) s = i;
  if (s < 0) for (let i = 1; i < row.length; i++) if (row[i] !== 0n) s = i;
  const coef = row[s];
  // coef * x + rest >= 0  <=>  x >= -rest / coef (coef > 0), x <= rest / |coef| (coef < 0).
  const f = coef > 0n ? -1n : 1n;
  const terms: [bigint, string][] = [];
  for (let i = 1; i < row.length; i++)
    if (i !== s && row[i] !== 0n) terms.push([f * row[i], names[i - 1]]);
  return { coef, b: { subject: term(coef, names[s - 1]), other: expr(terms, f * row[0]) } };
}

function constraintTexts(b: BasicSet, names: readonly string[]): string[] {
  const out: string[] = [];
  for (const r of b.eqs) {
    if (r.slice(1).every((x) => x === 0n)) {
      out.push(`${r[0]} = 0`);
      continue;
    }
    const { b: bd } = split(r, names);
    out.push(`${bd.subject} = ${bd.other}`);
  }
  const lowers = new Map<string, string[]>();
  const uppers = new Map<string, string[]>();
  const trivial: string[] = [];
  for (const r of b.ineqs) {
    if (r.slice(1).every((x) => x === 0n)) {
      trivial.push(`0 <= ${r[0]}`);
      continue;
    }
    const { coef, b: bd } = split(r, names);
    const m = coef > 0n ? lowers : uppers;
    m.set(bd.subject, [...(m.get(bd.subject) ?? []), bd.other]);
  }
  for (const [subj, los] of lowers) {
    const his = uppers.get(subj) ?? [];
    const n = Math.max(los.length, his.length);
    for (let i = 0; i < n; i++) {
      const lo = los[i];
      const hi = his[i];
      out.push(
        lo !== undefined && hi !== undefined
          ? `${lo} <= ${subj} <= ${hi}`
          : lo !== undefined
            ? `${lo} <= ${subj}`
            : `${subj} <= ${hi}`,
      );
    }
    uppers.delete(subj);
  }
  for (const [subj, his] of uppers) for (const hi of his) out.push(`${subj} <= ${hi}`);
  return [...out, ...trivial];
}

function localNames(b: BasicSet, taken: readonly string[]): string[] {
  const out: string[] = [];
  for (let k = 0; out.length < b.nLocals; k++) {
    const n = `e${k}`;
    if (!taken.includes(n)) out.push(n);
  }
  return out;
}

function printBasic(b: BasicSet): string {
  const base = [...b.space.params, ...b.space.dims];
  const locals = localNames(b, base);
  const names = [...base, ...locals];
  const w = width(b.space);
  const cs = constraintTexts(b, names);
  void w;
  const tuple = `[${b.space.dims.join(', ')}]`;
  if (cs.length === 0 && locals.length === 0) return tuple;
  const body = cs.length === 0 ? 'true' : cs.join(' and ');
  return locals.length > 0
    ? `${tuple} : exists ${locals.join(', ')} : ${body}`
    : `${tuple} : ${body}`;
}

export function printSet(s: PolySet): string {
  const prefix = s.space.params.length > 0 ? `[${s.space.params.join(', ')}] -> ` : '';
  const tuple = `[${s.space.dims.join(', ')}]`;
  const pieces = s.pieces.length === 0 ? [`${tuple} : false`] : s.pieces.map(printBasic);
  return `${prefix}{ ${pieces.join('; ')} }`;
}
