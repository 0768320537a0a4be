/** Legal C names that are special in JavaScript (tests of records and code keyed by C names). */

/** Names of Object.prototype that the hazards were seen with. */
export const OBJECT_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'isPrototypeOf',
] as const;

/** The other names of Object.prototype. */
export const MORE_OBJECT_NAMES = [
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'propertyIsEnumerable',
  'toLocaleString',
] as const;

/** JavaScript globals and words reserved in some contexts (they would break generated code). */
export const JS_NAMES = [
  'Math',
  'arguments',
  'eval',
  'undefined',
  'NaN',
  'Infinity',
  'let',
  'yield',
  'await',
] as const;
