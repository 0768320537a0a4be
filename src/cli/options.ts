/** Options shared by several subcommands, parsed and validated in one place. */
import { UsageError } from './errors.js';

export {
  HEURISTICS,
  MODULO_FORMS,
  type HeuristicChoice,
  type ModuloForm,
} from '../pipeline/options.js';

/** `-D NAME=VALUE`, repeatable; VALUE must be an integer (sizes and bounds are integers). */
export function collectDefine(
  spec: string,
  previous: Record<string, bigint>,
): Record<string, bigint> {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)=(-?[0-9]+)$/.exec(spec.trim());
  if (!m) throw new UsageError(`-D expects NAME=INTEGER, got '${spec}'`);
  return { ...previous, [m[1]]: BigInt(m[2]) };
}

/** `--temporary A,B` / `--only A,B`, repeatable, comma separated. */
export function collectNames(spec: string, previous: string[]): string[] {
  const names = spec
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const n of names) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(n)) throw new UsageError(`'${n}' is not a C identifier`);
  }
  return [...previous, ...names];
}

/** `--temporary A,F:B`: names, each an identifier or FUNCTION:ARRAY. */
export function collectPromises(spec: string, previous: string[]): string[] {
  const names = spec
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const n of names) {
    if (!/^([A-Za-z_][A-Za-z0-9_]*:)?[A-Za-z_][A-Za-z0-9_]*$/.test(n))
      throw new UsageError(`--temporary expects ARRAY or FUNCTION:ARRAY, got '${n}'`);
  }
  return [...previous, ...names];
}

export function parseChoice<T extends string>(option: string, allowed: readonly T[]) {
  return (value: string): T => {
    if ((allowed as readonly string[]).includes(value)) return value as T;
    throw new UsageError(`${option} must be one of ${allowed.join(', ')}, got '${value}'`);
  };
}
