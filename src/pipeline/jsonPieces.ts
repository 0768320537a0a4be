/**
 * `JSON.stringify(value, null, 2)` in pieces, for a document too large to hold as one string:
 * the JSON report of 5 MB of kernels is 41 MB, and as one string (with the builder's parts
 * and the bytes written from it) it was the run's peak of memory (issue 29, item 3). The
 * arrays and plain objects of the first `levels` levels are written here, one piece per
 * member; every value below them is one piece of `JSON.stringify`, its lines indented to
 * where it stands. The pieces joined are exactly `JSON.stringify`'s text
 * (test/cli/reportPieces.test.ts).
 */

/** What `JSON.stringify` leaves out of an object, and writes as `null` in an array. */
const omitted = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** An object `JSON.stringify` reads member by member: no `toJSON`, not a boxed primitive. */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return (proto === Object.prototype || proto === null) && !('toJSON' in v);
}

export function* jsonPieces(value: unknown, levels: number, indent = ''): Generator<string> {
  const inner = `${indent}  `;
  if (levels > 0 && Array.isArray(value) && value.length > 0) {
    yield '[';
    for (let k = 0; k < value.length; k++) {
      yield `${k > 0 ? ',' : ''}\n${inner}`;
      const v: unknown = value[k];
      yield* jsonPieces(omitted(v) ? null : v, levels - 1, inner);
    }
    yield `\n${indent}]`;
    return;
  }
  if (levels > 0 && isPlainObject(value)) {
    const members = Object.entries(value).filter(([, v]) => !omitted(v));
    if (members.length > 0) {
      yield '{';
      for (const [k, [key, v]] of members.entries()) {
        yield `${k > 0 ? ',' : ''}\n${inner}${JSON.stringify(key)}: `;
        yield* jsonPieces(v, levels - 1, inner);
      }
      yield `\n${indent}}`;
      return;
    }
  }
  // (A raw line break in JSON's text is only ever its own layout: strings escape theirs.)
  const text = JSON.stringify(value, null, 2);
  yield indent === '' ? text : text.replace(/\n/g, `\n${indent}`);
}
