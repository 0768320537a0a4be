/** Small helpers to write frontend tests as tables of C snippets. */
import type { Constraint } from '../../src/poly/affine.js';
import { evaluate } from '../../src/poly/affine.js';
import type { Domain, FunctionModel, ProgramModel, Statement } from '../../src/model/types.js';
import { buildModel, type FrontendOptions } from '../../src/frontend/index.js';
import { formatAccess, formatDomain, formatSchedule } from '../../src/frontend/format.js';

function model(code: string, options: FrontendOptions = {}): ProgramModel {
  return buildModel(code, 'test.c', options);
}

/** The first function of `code`. */
export function fn(code: string, options: FrontendOptions = {}): FunctionModel {
  const m = model(code, options);
  if (m.functions.length === 0) throw new Error('no function in snippet');
  return m.functions[0];
}

/** The statement whose text starts with `prefix`. */
export function stmt(f: FunctionModel, prefix: string): Statement {
  const s = f.statements.find((x) => x.text.startsWith(prefix));
  if (!s)
    throw new Error(`no statement '${prefix}' in ${f.statements.map((x) => x.text).join(' | ')}`);
  return s;
}

export const domainText = (f: FunctionModel, s: Statement) =>
  formatDomain(
    s.domain,
    f.parameters.map((p) => p.name),
  );
export const scheduleText = (s: Statement) => formatSchedule(s.schedule);
export const accessTexts = (s: Statement) =>
  s.accesses.map((a) => formatAccess(a).replace(/\s+/g, ' '));

/** `code-name: message` for each reason the frontend gives `array`. */
export function reasonsOf(f: FunctionModel, array: string): string[] {
  const a = f.arrays.find((x) => x.name === array);
  if (!a) throw new Error(`no array ${array}`);
  return a.reasons.map((r) => `${r.reason}: ${r.message}`);
}

function holds(cs: readonly Constraint[], env: Record<string, bigint>): boolean {
  return cs.every((c) => {
    const v = evaluate(c.expr, env);
    return c.kind === 'eq' ? v === 0n : v >= 0n;
  });
}

function existsHolds(
  exists: readonly string[],
  cs: readonly Constraint[],
  env: Record<string, bigint>,
  r: number,
): boolean {
  if (exists.length === 0) return holds(cs, env);
  const [x, ...rest] = exists;
  for (let v = -r; v <= r; v++)
    if (existsHolds(rest, cs, { ...env, [x]: BigInt(v) }, r)) return true;
  return false;
}

/** Integer points of a domain with dims in [-r, r] (brute force), as sorted strings like "3,1". */
export function points(d: Domain, params: Record<string, bigint>, r = 12): string[] {
  const out: string[] = [];
  const rec = (k: number, env: Record<string, bigint>): void => {
    if (k === d.dims.length) {
      if (d.pieces.some((p) => existsHolds(p.exists, p.constraints, env, r)))
        out.push(d.dims.map((x) => env[x]).join(','));
      return;
    }
    for (let v = -r; v <= r; v++) rec(k + 1, { ...env, [d.dims[k]]: BigInt(v) });
  };
  rec(0, { ...params });
  return out.sort();
}
