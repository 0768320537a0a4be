/**
 * Sets in isl's syntax (`[N] -> { [i] -> [j] : exists (e0 : ...) }`), for comparisons with
 * isl (scripts/isl/: the same conflict sets computed by libisl). Every row is printed as it
 * is (`c0 + c1*x1 + ... >= 0`), locals as `exists`; isl reads back the same integer points.
 */
import type { BasicSet, PolySet } from './types.js';
import { width } from './basic.js';

function row(r: readonly bigint[], names: readonly string[]): string {
  const terms: string[] = [`${r[0]}`];
  for (let i = 1; i < r.length; i++) if (r[i] !== 0n) terms.push(`${r[i]}*${names[i - 1]}`);
  return terms.join(' + ').replace(/\+ -/g, '- ');
}

function piece(b: BasicSet, tuple: string, vars: readonly string[]): string {
  const locals = Array.from({ length: b.nLocals }, (_, k) => `e${k}`);
  const names = [...vars, ...locals];
  const cs = [
    ...b.eqs.map((r) => `${row(r, names)} = 0`),
    ...b.ineqs.map((r) => `${row(r, names)} >= 0`),
  ];
  const body = cs.length === 0 ? '' : cs.join(' and ');
  if (locals.length === 0) return body ? `${tuple} : ${body}` : tuple;
  return `${tuple} : exists (${locals.join(', ')} : ${body || '0 = 0'})`;
}

/**
 * `s` as an isl set, or as an isl map when `nIn` is given (the first `nIn` dims are the
 * domain, the others the range). Dims and params keep their names; locals become e0, e1, ...
 */
export function toIsl(s: PolySet, nIn?: number): string {
  const { params, dims } = s.space;
  const tuple =
    nIn === undefined
      ? `[${dims.join(', ')}]`
      : `[${dims.slice(0, nIn).join(', ')}] -> [${dims.slice(nIn).join(', ')}]`;
  const vars = [...params, ...dims];
  const pieces = s.pieces.map((b) => {
    if (width(b.space) !== 1 + vars.length) throw new Error('toIsl: piece of another space');
    return piece(b, tuple, vars);
  });
  const body = pieces.length === 0 ? `${tuple} : 1 = 0` : pieces.join('; ');
  return `[${params.join(', ')}] -> { ${body} }`;
}
