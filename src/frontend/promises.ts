/**
 * Temporary promises: `--temporary FUNCTION:ARRAY` / `--temporary ARRAY` on the command line,
 * `#pragma beeclak temporary(ARRAY)` or `temporary(FUNCTION:ARRAY)` in the source.
 *
 * A promise names one array of one function. A pragma inside a function body names an array
 * of that function; an unqualified name elsewhere must match the arrays of exactly one
 * function, and a name that matches nothing is an error (a typo must not silently leave a
 * temporary unanalysed, nor mark the output parameter of another function).
 */
import { InputError } from '../model/errors.js';
import type { FunctionModel, SourceLoc } from '../model/types.js';

export interface TemporaryPromise {
  /** The function the promise is about; undefined for an unqualified name. */
  readonly fn?: string;
  readonly array: string;
  /** `--temporary` or the pragma at `loc`. */
  readonly origin: 'option' | 'pragma';
  readonly loc?: SourceLoc;
  /** As the user wrote it. */
  readonly text: string;
}

/** `kernel:tmp` -> { fn: 'kernel', array: 'tmp' }; `tmp` -> { array: 'tmp' }. */
function parsePromise(
  text: string,
  origin: TemporaryPromise['origin'],
  loc?: SourceLoc,
): TemporaryPromise {
  const t = text.trim();
  const colon = t.indexOf(':');
  if (colon < 0) return { array: t, origin, loc, text: t };
  return { fn: t.slice(0, colon).trim(), array: t.slice(colon + 1).trim(), origin, loc, text: t };
}

/**
 * The promises of a file: the command line's, then the pragmas'; a pragma inside a function
 * (its line between the function's first and last line) is qualified with that function.
 */
export function filePromises(
  options: readonly string[],
  pragmas: readonly { name: string; loc: SourceLoc }[],
  functions: readonly { name: string; firstLine: number; lastLine: number }[],
): TemporaryPromise[] {
  const out = options.map((o) => parsePromise(o, 'option'));
  for (const p of pragmas) {
    const promise = parsePromise(p.name, 'pragma', p.loc);
    const inside = functions.find((f) => f.firstLine <= p.loc.line && p.loc.line <= f.lastLine);
    out.push(promise.fn === undefined && inside ? { ...promise, fn: inside.name } : promise);
  }
  return out;
}

/** Whether one of `promises` names array `array` of function `fn`. */
export function isPromised(
  promises: readonly TemporaryPromise[],
  fn: string,
  array: string,
): boolean {
  return promises.some((p) => p.array === array && (p.fn === undefined || p.fn === fn));
}

/**
 * Every promise must name arrays of exactly one function (a file-scope array used by several
 * functions counts once: one declaration). Throws InputError otherwise.
 */
export function validatePromises(
  promises: readonly TemporaryPromise[],
  functions: readonly FunctionModel[],
  file: string,
): void {
  for (const p of promises) {
    const matches = functions.flatMap((f) =>
      f.arrays
        .filter((a) => a.name === p.array && (p.fn === undefined || p.fn === f.name))
        .map((a) => ({ fn: f.name, array: a })),
    );
    const where = p.origin === 'option' ? `--temporary ${p.text}` : `pragma temporary(${p.text})`;
    if (matches.length === 0) {
      const fnExists = p.fn === undefined || functions.some((f) => f.name === p.fn);
      throw new InputError(
        fnExists
          ? `${where}: no array named '${p.array}'${p.fn ? ` in function ${p.fn}()` : ''}`
          : `${where}: no function named '${p.fn}' is defined in this file`,
        file,
        p.loc,
      );
    }
    const declarations = new Map<string, string[]>();
    for (const m of matches) {
      const key = `${m.array.loc.line}:${m.array.loc.column}`;
      declarations.set(key, [...(declarations.get(key) ?? []), m.fn]);
    }
    if (p.fn === undefined && declarations.size > 1) {
      const list = matches.map((m) => `${m.fn}:${p.array} (line ${m.array.loc.line})`);
      throw new InputError(
        `${where} names arrays of several functions: ${list.join(', ')}; ` +
          `name one as FUNCTION:ARRAY (e.g. --temporary ${list[0]!.split(' ')[0]})`,
        file,
        p.loc,
      );
    }
  }
}
