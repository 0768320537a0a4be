/**
 * The "not this one" macros of a text that holds in several configurations
 * (combinedGuards.ts, `--configurations`) or for several includers (unityGuards.ts, unity
 * builds): each one's guards define its macro where its `#error` would have stopped the
 * build, and a check at the end of the file stops a build that defined every one.
 *
 * A build (or an includer, or the file's own text before the guards) that already defines
 * one of those names would be taken for a build that failed that one's guards: the guards'
 * `#define` and the end's `#undef` then change the build's own macro. A check before the
 * first guard stops such a build.
 */
import path from 'node:path';

/** A beeclak guard's `#error` line (`%:` is the digraph of `#`). */
const ERROR = /^\s*(?:#|%:)\s*error\s+"beeclak: /;

/** Whether a line is the `#error` of a beeclak guard. */
export const isGuardError = (line: string): boolean => ERROR.test(line);

/**
 * The names for `count` configurations of `file` (`BEECLAK_NOT_kern_c_1`, or with `infix`
 * `READING_`: `BEECLAK_NOT_kern_c_READING_1`): one set per file and kind.
 */
export function notNames(file: string, count: number, infix: '' | 'READING_' = ''): string[] {
  const base = path.basename(file).replace(/[^A-Za-z0-9_]/g, '_');
  return Array.from({ length: count }, (_, k) => `BEECLAK_NOT_${base}_${infix}${k + 1}`);
}

/**
 * Whether `text` names a macro of the kind `notNames` gives (a name with any number): code
 * after a guard that reads one would compile otherwise where the guard defines it.
 */
export function namesOne(text: string, file: string, infix: '' | 'READING_' = ''): boolean {
  const prefix = notNames(file, 1, infix)[0]!.slice(0, -1);
  return new RegExp(`\\b${prefix}\\d`).test(text);
}

/**
 * The text with the guards' definitions of `names` made blank lines: what it compiles to
 * where no guard defines one. Compiled alike, the macros change no code.
 */
export function withoutDefinitions(text: string, names: readonly string[]): string {
  const definitions = new Set(names.map((n) => `#define ${n} 1`));
  return text
    .split('\n')
    .map((l) => (definitions.has(l.replace(/\r$/, '')) ? '' : l))
    .join('\n');
}

/** A guard line with its `#error` turned into the definition of `name` (its `\r` kept). */
export function turnedError(line: string, name: string): string {
  if (!isGuardError(line)) return line;
  return `#define ${name} 1${line.endsWith('\r') ? '\r' : ''}`;
}

/** The check before the first guard: none of the names is defined yet. */
export function takenCheck(names: readonly string[]): string[] {
  return [
    `#if ${names.map((n) => `defined(${n})`).join(' || ')}`,
    `#error "beeclak: a BEECLAK_NOT_ macro of this file is defined before its guards; rename it or run beeclak again"`,
    '#endif',
  ];
}

/** The check at the end: stops the build when every name is defined (`message` says why). */
export function endCheck(names: readonly string[], message: string): string[] {
  return [
    `#if ${names.map((n) => `defined(${n})`).join(' && ')}`,
    `#error "beeclak: ${message}"`,
    '#endif',
    ...names.map((n) => `#undef ${n}`),
  ];
}

/** A label inside an `#error "..."` string. */
export const quoted = (label: string): string => label.replace(/[\\"]/g, "'");
