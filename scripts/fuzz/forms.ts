/**
 * C forms of the same program (issue 13): rendering choices that change the text beeclak
 * reads but not what the program computes, so the IR, its checksum and its lifetimes stay
 * the same. Each is drawn with its own probability from a separate random stream:
 *
 * - casts: an affine subscript `e` becomes `(T)(e)` with T an integer type that holds every
 *   index of its dimension (`unsigned char` only for extents up to 256, ...);
 * - counters: a loop counter declared `unsigned`, `unsigned short`, `unsigned char`,
 *   `short`, `signed char` or `long` when every value it takes, the exit value included,
 *   fits (unsigned ones also need non-negative limits); an unsigned counter `u` is read
 *   through `int v = (int)u;` at the top of the body, so expressions keep int arithmetic;
 * - labels: `L3:` before a loop;
 * - while: `for (T v = a; v < b; v += s) body` as `{ T v = a; while (v < b) { body v += s; } }`;
 * - do: the same loop as `if (a < b) { T v = a; do { body } while (++v < b); }` (a unit step
 *   at an even depth) or `... do { body v += s; } while (v < b); }`;
 * - induction: `int ix = e;` at the top of a loop body, and an affine subscript `e + c` of
 *   an assignment directly in that body written `ix + c`;
 * - shadow: `{ unsigned *t = out; t[5] = out[5]; }` at the top of a loop body, a pointer
 *   named like a temporary (a no-op; if it were taken for the temporary and rewritten, it
 *   would change out);
 * - typedefs: a counter's or a cast's type spelled through a file-scope typedef name
 *   (`u8_t`, through a chain for `unsigned char`): the model must read the typedef as the
 *   type it names (src/frontend/typedefs.ts).
 */
import type { Aff, Bound, LoopForm, Program, Stmt, Sub, TempRef, VExpr } from './ir.js';
import { evalAff } from './ir.js';
import { Rng } from './random.js';

export interface FormProbabilities {
  casts: number;
  counters: number;
  labels: number;
  while: number;
  do: number;
  induction: number;
  shadow: number;
  typedefs: number;
}

/** The typedef name of each counter and cast type (form `typedefs`). */
export const TYPE_ALIASES = new Map([
  ['unsigned char', 'u8_t'],
  ['signed char', 's8_t'],
  ['unsigned short', 'u16_t'],
  ['short', 's16_t'],
  ['unsigned', 'u32_t'],
  ['long', 's64_t'],
  ['int', 'int_t'],
  ['size_t', 'usize_t'],
]);

/** Their declarations (`u8_t` through a chain), at file scope after the includes. */
export const TYPEDEF_LINES = [
  'typedef unsigned char bk_byte;',
  'typedef bk_byte u8_t;',
  'typedef signed char s8_t;',
  'typedef unsigned short u16_t;',
  'typedef short s16_t;',
  'typedef unsigned int u32_t;',
  'typedef long s64_t;',
  'typedef int int_t;',
  'typedef size_t usize_t;',
];

const COUNTER_TYPES: [string, number, number, boolean][] = [
  ['unsigned char', 0, 255, false],
  ['signed char', -128, 127, true],
  ['unsigned short', 0, 65535, false],
  ['short', -32768, 32767, true],
  ['unsigned', 0, 4294967295, false],
  ['long', -(2 ** 53), 2 ** 53, true],
];

const CAST_TYPES: [string, number][] = [
  ['unsigned char', 256],
  ['unsigned short', 65536],
  ['unsigned', 2 ** 32],
  ['int', 2 ** 31],
  ['long', 2 ** 53],
  ['size_t', 2 ** 53],
];

const evalBound = (b: Bound, env: ReadonlyMap<string, number>): number =>
  b.kind === 'aff'
    ? evalAff(b.e, env)
    : (b.kind === 'min' ? Math.min : Math.max)(evalAff(b.a, env), evalAff(b.b, env));

interface Range {
  lo: number;
  hi: number;
  limitLo: number;
}

/** Every value each loop's counter takes (exit values included) and its smallest limit. */
function counterRanges(p: Program): Map<Stmt, Range> {
  const out = new Map<Stmt, Range>();
  const env = new Map<string, number>(p.params.map((q) => [q.name, q.value]));
  const seen = (s: Stmt, x: number, limit: number) => {
    const r = out.get(s) ?? { lo: x, hi: x, limitLo: limit };
    out.set(s, {
      lo: Math.min(r.lo, x),
      hi: Math.max(r.hi, x),
      limitLo: Math.min(r.limitLo, limit),
    });
  };
  const holds = (x: number, cmp: string, y: number) =>
    cmp === '<' ? x < y : cmp === '<=' ? x <= y : cmp === '>' ? x > y : x >= y;
  const run = (ss: Stmt[]) => {
    for (const s of ss) {
      if (s.kind === 'for') {
        let x = evalBound(s.init, env);
        for (let guard = 0; guard < 100000; guard++) {
          const limit = evalBound(s.limit, env);
          seen(s, x, limit);
          if (!holds(x, s.cmp, limit)) break;
          env.set(s.v, x);
          run(s.body);
          x += s.step;
        }
        env.delete(s.v);
      } else if (s.kind === 'if') {
        run(s.then); // both branches: a superset of the values (safe for choosing types)
        run(s.else ?? []);
      }
    }
  };
  run(p.body);
  return out;
}

/** Draws the forms of `p` in place (Loop.form, Sub.cast / Sub.via). */
export function addForms(p: Program, rng: Rng, prob: Partial<FormProbabilities>): void {
  if (prob.typedefs) p.typedefs = true;
  // Typedef spellings from a stream of their own: with or without them, the program and its
  // other forms are the same (test/fuzz/generate.test.ts compares the decisions).
  const spellings = new Rng((p.seed >>> 0) ^ 0x5bd1e995);
  const spellTypedef = () => !!prob.typedefs && spellings.chance(prob.typedefs);
  const ranges = prob.counters ? counterRanges(p) : new Map<Stmt, Range>();
  let labels = 0;
  let inductions = 0;
  const extentsOf = (name: string) => p.temps.find((t) => t.name === name)!.extents;
  const extentValue = (e: Aff) => evalAff(e, new Map(p.params.map((q) => [q.name, q.value])));
  const castSubs = (name: string, subs: Sub[]) =>
    subs.forEach((s, d) => {
      if (s.kind !== 'aff' || s.div || !prob.casts || !rng.chance(prob.casts)) return;
      const ext = extentValue(extentsOf(name)[d]);
      const fits = CAST_TYPES.filter(([, n]) => ext <= n);
      s.cast = fits[rng.int(0, fits.length - 1)][0];
      if (spellTypedef()) s.castTypedef = true;
    });
  const visit = (ss: Stmt[]) => {
    for (const s of ss) {
      if (s.kind === 'if') {
        visit(s.then);
        visit(s.else ?? []);
        continue;
      }
      if (s.kind === 'assign') {
        const refs = [...(s.lhs.kind === 'temp' ? [s.lhs.ref] : []), ...tempReads(s.rhs)];
        for (const r of refs) castSubs(r.name, r.subs);
        continue;
      }
      const form: LoopForm = {};
      if (prob.labels && rng.chance(prob.labels)) form.label = `L${labels++}`;
      if (prob.while && rng.chance(prob.while)) form.asWhile = true;
      else if (prob.do && rng.chance(prob.do)) form.asDo = true;
      const r = ranges.get(s);
      if (r && prob.counters && rng.chance(prob.counters)) {
        const fits = COUNTER_TYPES.filter(
          ([, lo, hi, signed]) => r.lo >= lo && r.hi <= hi && (signed || r.limitLo >= 0),
        );
        if (fits.length > 0) form.type = fits[rng.int(0, fits.length - 1)][0];
        if (form.type && spellTypedef()) form.typedef = true;
      }
      if (prob.shadow && p.temps.length > 0 && rng.chance(prob.shadow))
        form.shadow = p.temps[rng.int(0, p.temps.length - 1)].name;
      if (prob.induction && rng.chance(prob.induction)) {
        // An affine subscript of an assignment directly in this body, with a variable part.
        const subs = s.body.flatMap((x) =>
          x.kind === 'assign'
            ? [...(x.lhs.kind === 'temp' ? [x.lhs.ref] : []), ...tempReads(x.rhs)].flatMap((r) =>
                r.subs.filter(
                  (q): q is Extract<Sub, { kind: 'aff' }> =>
                    q.kind === 'aff' && !q.div && Object.keys(q.e.t).length > 0,
                ),
              )
            : [],
        );
        if (subs.length > 0) {
          const q = subs[rng.int(0, subs.length - 1)];
          const name = `ix${inductions++}`;
          form.induction = { name, e: { c: 0, t: { ...q.e.t } } };
          for (const other of subs)
            if (JSON.stringify(other.e.t) === JSON.stringify(q.e.t)) other.via = name;
        }
      }
      if (Object.keys(form).length > 0) s.form = form;
      visit(s.body);
    }
  };
  visit(p.body);
}

function tempReads(e: VExpr): TempRef[] {
  switch (e.kind) {
    case 'temp':
      return [e.ref];
    case 'bin':
      return [...tempReads(e.a), ...tempReads(e.b)];
    case 'shr':
      return tempReads(e.a);
    case 'sel':
      return [...tempReads(e.a), ...tempReads(e.b)];
    default:
      return [];
  }
}
