/**
 * Printing a ProgramModel: readable text for `beeclak model`, and JSON.
 *
 * JSON convention: every bigint (coefficients, constants, values) is written as a decimal
 * *string*, so that values beyond 2^53 stay exact; everything else is plain JSON.
 */
import type { Affine, Constraint } from '../poly/affine.js';
import { formatAffine, variables } from '../poly/affine.js';
import type {
  Access,
  Conjunction,
  Domain,
  FunctionModel,
  ProgramModel,
  Statement,
} from '../model/types.js';
import { nameRecord } from '../poly/nameRecord.js';

/** JSON with bigints as decimal strings. */
export function modelToJson(model: ProgramModel): string {
  return JSON.stringify(model, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), 2);
}

/** Splits `e >= 0` into `lhs <= rhs` with positive coefficients on both sides. */
function sides(e: Affine): { pos: Affine; neg: Affine } {
  const pos = nameRecord<bigint>();
  const neg = nameRecord<bigint>();
  for (const [k, c] of Object.entries(e.coeffs)) {
    if (c > 0n) pos[k] = c;
    else if (c < 0n) neg[k] = -c;
  }
  // Keep the constant with the side that has no variables, else on the "bound" side.
  const posHasVars = Object.keys(pos).length > 0;
  const negHasVars = Object.keys(neg).length > 0;
  let pc = 0n;
  let nc = 0n;
  if (!negHasVars) nc = -e.constant;
  else if (!posHasVars) pc = e.constant;
  else if (e.constant >= 0n) pc = e.constant;
  else nc = -e.constant;
  return { pos: { coeffs: pos, constant: pc }, neg: { coeffs: neg, constant: nc } };
}

/** `0 <= i`, `i < N`, `i = 2_q0 + 1`: readable, integer-exact. */
function formatReadableConstraint(c: Constraint): string {
  const { pos, neg } = sides(c.expr);
  if (c.kind === 'eq') return `${formatAffine(neg)} = ${formatAffine(pos)}`;
  // neg <= pos; prefer a strict `<` when the bound side ends in - 1.
  if (pos.constant === -1n)
    return `${formatAffine(neg)} < ${formatAffine({ ...pos, constant: pos.constant + 1n })}`;
  if (neg.constant === 1n && Object.keys(neg.coeffs).length > 0)
    return `${formatAffine({ ...neg, constant: 0n })} < ${formatAffine(pos)}`;
  return `${formatAffine(neg)} <= ${formatAffine(pos)}`;
}

/** Splits `a <= b` / `a < b` / `a = b` into its sides. */
function parts(text: string): { lhs: string; op: string; rhs: string } | undefined {
  const m = /^(.*) (<=|<|=) (.*)$/.exec(text);
  return m ? { lhs: m[1], op: m[2], rhs: m[3] } : undefined;
}

/** `0 <= i` and `i < N` become `0 <= i < N` (the lower bound's place is kept). */
function chainConstraints(texts: readonly string[]): string[] {
  const items = texts.map((t) => ({ text: t, p: parts(t), used: false }));
  const out: string[] = [];
  for (const a of items) {
    if (a.used) continue;
    a.used = true;
    if (a.p && a.p.op !== '=' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(a.p.rhs)) {
      const b = items.find((x) => !x.used && x.p && x.p.op !== '=' && x.p.lhs === a.p!.rhs);
      if (b) {
        b.used = true;
        out.push(`${a.text} ${b.p!.op} ${b.p!.rhs}`);
        continue;
      }
    }
    out.push(a.text);
  }
  return out;
}

function formatConjunction(dims: readonly string[], c: Conjunction): string {
  const body = chainConstraints(c.constraints.map(formatReadableConstraint)).join(' and ');
  const ex = c.exists.length > 0 ? `exists ${c.exists.join(', ')} : ` : '';
  const cond = body.length > 0 ? ` : ${ex}${body}` : '';
  return `[${dims.join(', ')}]${cond}`;
}

export function formatDomain(d: Domain, params: readonly string[]): string {
  const prefix = params.length > 0 ? `[${params.join(', ')}] -> ` : '';
  if (d.pieces.length === 0) return `${prefix}{ }`;
  return `${prefix}{ ${d.pieces.map((p) => formatConjunction(d.dims, p)).join('; ')} }`;
}

export function formatSchedule(s: readonly Affine[]): string {
  return `[${s.map(formatAffine).join(', ')}]`;
}

export function formatAccess(a: Access): string {
  const subs = a.subscripts.map((s) => `[${s ? formatAffine(s) : '?'}]`).join('');
  const flags = [a.may ? 'may' : '', a.overApproximated ? 'over-approximated' : ''].filter(Boolean);
  // Constraints on the existentials define them (quotients); the others are the guard under
  // which the access happens (`?:`, `&&`, `||`).
  const defines = (k: Constraint) => variables(k.expr).some((v) => a.exists.includes(v));
  const guard = a.existsConstraints.filter((k) => !defines(k));
  const definitions = a.existsConstraints.filter(defines);
  const ex =
    (guard.length > 0 ? ` when ${guard.map(formatReadableConstraint).join(' and ')}` : '') +
    (a.exists.length > 0
      ? ` with exists ${a.exists.join(', ')} : ${definitions.map(formatReadableConstraint).join(' and ')}`
      : '');
  return `${a.kind.padEnd(5)} ${a.array}${subs}${ex}  (order ${a.order}${flags.length ? ', ' + flags.join(', ') : ''})`;
}

function formatStatement(s: Statement, params: readonly string[]): string[] {
  const flags = [s.may ? 'may' : '', s.overApproximated ? 'over-approximated' : ''].filter(Boolean);
  const text = s.text.replace(/\s+/g, ' ');
  return [
    `    ${s.id} line ${s.loc.line}: ${text}${flags.length ? `  [${flags.join(', ')}]` : ''}`,
    `      domain:   ${formatDomain(s.domain, params)}`,
    `      schedule: ${formatSchedule(s.schedule)}`,
    ...s.accesses.map((a) => `      ${formatAccess(a)}`),
  ];
}

function formatFunction(f: FunctionModel): string {
  const params = f.parameters.map((p) => p.name);
  const lines: string[] = [`function ${f.name} (line ${f.loc.line})`];
  lines.push(
    `  parameters: ${
      f.parameters.length === 0
        ? '(none)'
        : f.parameters
            .map((p) => `${p.name}${p.value !== undefined ? ` = ${p.value}` : ''} (${p.source})`)
            .join(', ')
    }`,
  );
  if (f.context.length > 0)
    lines.push(`  context: ${f.context.map(formatReadableConstraint).join(' and ')}`);
  lines.push('  arrays:');
  if (f.arrays.length === 0) lines.push('    (none)');
  for (const a of f.arrays) {
    const ext = a.extents.map((e) => `[${e.text}]`).join('');
    const vals = a.extents.every((e) => e.value !== undefined)
      ? ` = ${a.extents.map((e) => `[${e.value}]`).join('')}`
      : '';
    const attrs = [
      a.storage,
      a.isVla ? 'VLA' : '',
      a.hasInitializer ? 'initialised' : '',
      a.markedTemporary ? 'marked temporary' : '',
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(
      `    ${a.name}: ${a.elementType} ${a.name}${ext}${vals} (${attrs}): ${a.candidate ? 'candidate' : 'not a candidate'}`,
    );
    for (const r of a.reasons) lines.push(`      - ${r.kind}: ${r.message}`);
  }
  lines.push('  statements:');
  if (f.statements.length === 0) lines.push('    (none)');
  for (const s of f.statements) lines.push(...formatStatement(s, params));
  for (const d of f.diagnostics)
    lines.push(`  ${d.severity} at ${d.loc.line}:${d.loc.column}: ${d.message}`);
  return lines.join('\n');
}

export function formatModel(m: ProgramModel): string {
  const parts = m.functions.map(formatFunction);
  return `${m.file}: ${m.functions.length} function(s)\n\n${parts.join('\n\n')}\n`;
}
