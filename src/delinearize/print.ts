/**
 * A component of a delinearized access as C text in the source's names: iterators in loop
 * order, then parameters (macro, argument or constant names, as the source spells them),
 * then the constant, e.g. `2 * k - i + RM`. A parameter with coefficient +-1 keeps its
 * name even when its value is known (the contracted program is guarded for those values);
 * other multiples of a known parameter (`18 * RM`, left by the frontend folding products
 * of sizes) are folded into the constant, which is the same value and reads better.
 */
import { type Affine, add, coeff, constant, normalize, scale } from '../poly/affine.js';
import { NO_NAMES, nameRecord, ownValue } from '../poly/nameRecord.js';

export function componentText(
  input: Affine,
  order: readonly string[],
  names: Readonly<Record<string, string>>,
  known: Readonly<Record<string, bigint>> = NO_NAMES,
): string {
  let form = input;
  for (const [p, v] of Object.entries(known)) {
    const c = coeff(form, p);
    if (c === 0n || c === 1n || c === -1n) continue;
    const coeffs = nameRecord(form.coeffs);
    coeffs[p] = 0n;
    form = add(normalize({ coeffs, constant: form.constant }), scale(constant(v), c));
  }
  const used = Object.keys(form.coeffs).filter((v) => form.coeffs[v] !== 0n);
  for (const v of used)
    if (!order.includes(v)) throw new Error(`componentText: no place for variable ${v}`);
  let out = '';
  const push = (negative: boolean, text: string) => {
    if (out === '') out = negative ? `-${text}` : text;
    else out += negative ? ` - ${text}` : ` + ${text}`;
  };
  for (const v of order) {
    const c = coeff(form, v);
    if (c === 0n) continue;
    const name = ownValue(names, v) ?? v;
    const mag = c < 0n ? -c : c;
    push(c < 0n, mag === 1n ? name : `${mag} * ${name}`);
  }
  if (form.constant !== 0n || out === '')
    push(form.constant < 0n, `${form.constant < 0n ? -form.constant : form.constant}`);
  return out;
}
