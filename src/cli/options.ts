/** Options shared by several subcommands, parsed and validated in one place. */
import { UsageError } from './errors.js';
import { nameRecord } from '../poly/nameRecord.js';

export {
  HEURISTICS,
  MODULO_FORMS,
  type HeuristicChoice,
  type ModuloForm,
} from '../pipeline/options.js';
import { reasonNamed } from '../model/reasons.js';

/** `-D NAME=VALUE`, repeatable; VALUE must be an integer (sizes and bounds are integers). */
export function collectDefine(
  spec: string,
  previous: Record<string, bigint>,
): Record<string, bigint> {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)=(-?[0-9]+)$/.exec(spec.trim());
  if (!m) throw new UsageError(`-D expects NAME=INTEGER, got '${spec}'`);
  const out = nameRecord(previous);
  out[m[1]] = BigInt(m[2]);
  return out;
}

/** A comma-separated list of names, each checked by `valid` (repeatable options). */
function collectChecked(
  spec: string,
  previous: string[],
  valid: RegExp,
  complaint: (name: string) => string,
): string[] {
  const names = spec
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const n of names) if (!valid.test(n)) throw new UsageError(complaint(n));
  return [...previous, ...names];
}

/** `--only A,B`, repeatable, comma separated. */
export function collectNames(spec: string, previous: string[]): string[] {
  return collectChecked(
    spec,
    previous,
    /^[A-Za-z_][A-Za-z0-9_]*$/,
    (n) => `'${n}' is not a C identifier`,
  );
}

/** `--suppress BC1204,read-before-write`: reason codes or their names (docs/reasons.md). */
export function collectCodes(spec: string, previous: string[]): string[] {
  const codes = collectChecked(
    spec,
    previous,
    /^[A-Za-z0-9-]+$/,
    (n) => `'${n}' is no reason code`,
  );
  for (const c of codes)
    if (!reasonNamed(c))
      throw new UsageError(`--suppress: '${c}' is no reason code (docs/reasons.md)`);
  return codes;
}

/** `--temporary A,F:B`: names, each an identifier or FUNCTION:ARRAY. */
export function collectPromises(spec: string, previous: string[]): string[] {
  return collectChecked(
    spec,
    previous,
    /^([A-Za-z_][A-Za-z0-9_]*:)?[A-Za-z_][A-Za-z0-9_]*$/,
    (n) => `--temporary expects ARRAY or FUNCTION:ARRAY, got '${n}'`,
  );
}

export function parseChoice<T extends string>(option: string, allowed: readonly T[]) {
  return (value: string): T => {
    if ((allowed as readonly string[]).includes(value)) return value as T;
    throw new UsageError(`${option} must be one of ${allowed.join(', ')}, got '${value}'`);
  };
}
