/**
 * Records keyed by C names (coefficients of affine forms, parameter and `-D` values, renamings).
 *
 * A C program may name a variable `__proto__`, `constructor` or `toString`. In an ordinary
 * JavaScript object such a key is not a plain key: `r.__proto__ = v` sets the prototype (or
 * does nothing) instead of storing `v`, and `r.toString` finds Object.prototype's function
 * when the record has no such key. Both happened: a loop counter named `__proto__` lost its
 * coefficients and its temporary was scalarized (a miscompilation), a parameter named
 * `toString` took a function as its value and its whole function went unanalysed.
 *
 * The records made here have no Object.prototype in their chain (their prototype is an empty
 * frozen object whose own prototype is null), so every name is a plain key, for writes,
 * reads, `in` and `for...in` alike. They are made by a constructor rather than with
 * `Object.create(null)`: V8 keeps such objects in its fast representation (a null-prototype
 * object starts as a hash table, several times slower for the small records of the model).
 * A spread `{ ...r }` or `Object.fromEntries` gives an ordinary object back: copies go through
 * `nameRecord` too.
 */

/** The constructor of name records: `new Empty()` has no key and no Object.prototype. */
const Empty = function NameRecord() {} as unknown as new () => Record<string, never>;
Empty.prototype = Object.freeze(Object.create(null) as object);

/**
 * A record safe for C names, empty or holding the own enumerable entries of `from` (a record
 * or a list of entries); later entries of a list win, as in `Object.fromEntries`.
 */
export function nameRecord<T>(
  from?: Readonly<Record<string, T>> | Iterable<readonly [string, T]>,
): Record<string, T> {
  const out = new Empty() as Record<string, T>;
  if (from === undefined) return out;
  if (Symbol.iterator in from) {
    for (const [k, v] of from as Iterable<readonly [string, T]>) out[k] = v;
  } else {
    const r = from as Readonly<Record<string, T>>;
    for (const k of Object.keys(r)) out[k] = r[k]!;
  }
  return out;
}

/** A shared empty name record, for defaults (`options.values ?? NO_NAMES`); never written. */
export const NO_NAMES: Readonly<Record<string, never>> = Object.freeze(new Empty());

/** `name` is a key of the record itself (also for a record made elsewhere, e.g. by JSON.parse). */
export function hasName(record: object, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, name);
}

/**
 * `record[name]` reading own keys only: for records that may come from outside (an API
 * caller's options, a structured clone from a worker), where the prototype is not ours.
 */
export function ownValue<T>(
  record: Readonly<Record<string, T>> | undefined,
  name: string,
): T | undefined {
  return record !== undefined && hasName(record, name) ? record[name] : undefined;
}
