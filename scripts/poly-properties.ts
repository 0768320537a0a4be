/**
 * Properties of the polyhedral core against brute-force enumeration, shared by the jest
 * suite (test/poly/properties.test.ts, few runs) and scripts/poly-fuzz.ts (many runs).
 */
import fc from 'fast-check';
import * as P from '../src/poly/index.js';
import type { Affine } from '../src/poly/affine.js';
import { boxOf } from '../src/poly/box.js';
import { arbBasic, arbSet, brutePoints, member, show, spaceOf, BOX } from './poly-oracle.js';

export interface NamedProperty {
  readonly name: string;
  /** Relative weight of a run (the 3-d properties cost more). */
  readonly runs: number;
  readonly property: fc.IPropertyWithHooks<unknown> | fc.IProperty<unknown>;
}

const same = (what: string, got: bigint[][], want: bigint[][]): true => {
  const g = show(got);
  const w = show(want);
  if (g !== w) throw new Error(`${what}: got ${g || '{}'} want ${w || '{}'}`);
  return true;
};

const dims = fc.integer({ min: 1, max: 3 });
const withDims = <T>(f: (d: number) => fc.Arbitrary<T>) => dims.chain(f);
const arbObjective = (names: string[]): fc.Arbitrary<Affine> =>
  fc
    .tuple(
      fc.array(fc.integer({ min: -3, max: 3 }), {
        minLength: names.length,
        maxLength: names.length,
      }),
      fc.integer({ min: -5, max: 5 }),
    )
    .map(([cs, c]) => {
      const coeffs: Record<string, bigint> = {};
      names.forEach((n, i) => (coeffs[n] = BigInt(cs[i])));
      return { coeffs, constant: BigInt(c) };
    });

const evalAt = (a: Affine, names: readonly string[], p: readonly bigint[]): bigint =>
  names.reduce((s, n, i) => s + (a.coeffs[n] ?? 0n) * p[i], a.constant);

export const properties: NamedProperty[] = [
  {
    name: 'isEmpty agrees with enumeration',
    runs: 300,
    property: fc.property(
      withDims((d) => arbBasic(spaceOf(d), 3)),
      (b) => P.isEmpty(b) === (brutePoints({ space: b.space, pieces: [b] }).length === 0),
    ),
  },
  {
    name: 'enumeratePoints and samplePoint agree with enumeration',
    runs: 200,
    property: fc.property(
      withDims((d) => arbSet(spaceOf(d))),
      (s) => {
        const want = brutePoints(s);
        const p = P.samplePoint(s);
        if ((p === null) !== (want.length === 0))
          throw new Error(
            `samplePoint ${JSON.stringify(p, (_, v) => (typeof v === 'bigint' ? `${v}` : v))}`,
          );
        if (
          p &&
          !member(
            s,
            s.space.dims.map((n) => p[n]),
          )
        )
          throw new Error('sample point not in the set');
        return same('points', P.enumeratePoints(s), want);
      },
    ),
  },
  {
    name: 'projectOnto is the exact integer shadow',
    runs: 200,
    property: fc.property(
      fc
        .integer({ min: 2, max: 3 })
        .chain((d) =>
          fc.tuple(arbSet(spaceOf(d), 2, 2), fc.subarray([...spaceOf(d).dims], { minLength: 1 })),
        ),
      ([s, keep]) => {
        const idx = keep.map((k) => s.space.dims.indexOf(k));
        const want = new Map<string, bigint[]>();
        for (const p of brutePoints(s)) {
          const q = idx.map((i) => p[i]);
          want.set(q.join(','), q);
        }
        const proj = P.projectOnto(s, keep);
        const sorted = [...want.values()].sort((a, b) => {
          for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
          return 0;
        });
        return same(`project ${P.printSet(s)} on ${keep}`, brutePoints(proj), sorted);
      },
    ),
  },
  {
    name: 'intersect, union, subtract, isSubset agree with enumeration',
    runs: 200,
    property: fc.property(
      withDims((d) => fc.tuple(arbSet(spaceOf(d)), arbSet(spaceOf(d)))),
      ([a, b]) => {
        const pa = brutePoints(a);
        const inB = (p: bigint[]) => member(b, p);
        const pb = brutePoints(b);
        same('intersect', brutePoints(P.intersect(a, b)), pa.filter(inB));
        const un = brutePoints(P.union(a, b));
        same('union', un, brutePoints({ space: a.space, pieces: [...a.pieces, ...b.pieces] }));
        same(
          `subtract ${P.printSet(a)} - ${P.printSet(b)}`,
          brutePoints(P.subtract(a, b)),
          pa.filter((p) => !inB(p)),
        );
        const sub = pa.every(inB);
        if (P.isSubset(a, b) !== sub) throw new Error(`isSubset should be ${sub}`);
        void pb;
        return true;
      },
    ),
  },
  {
    name: 'simplify and gist preserve the set',
    runs: 150,
    property: fc.property(
      withDims((d) => fc.tuple(arbSet(spaceOf(d)), arbSet(spaceOf(d), 1))),
      ([s, ctx]) => {
        const want = brutePoints(s);
        same('simplify', brutePoints(P.simplify(s)), want);
        const g = P.gist(s, ctx);
        const inCtx = (p: bigint[]) => member(ctx, p);
        return same('gist', brutePoints(g).filter(inCtx), want.filter(inCtx));
      },
    ),
  },
  {
    name: 'maximize and minimize equal the enumerated extremes',
    runs: 200,
    property: fc.property(
      withDims((d) => fc.tuple(arbSet(spaceOf(d)), arbObjective([...spaceOf(d).dims]))),
      ([s, obj]) => {
        const vals = brutePoints(s).map((p) => evalAt(obj, s.space.dims, p));
        const mx = P.maximize(s, obj);
        const mn = P.minimize(s, obj);
        if (vals.length === 0) return mx.kind === 'empty' && mn.kind === 'empty';
        const hi = vals.reduce((a, b) => (a > b ? a : b));
        const lo = vals.reduce((a, b) => (a < b ? a : b));
        return mx.kind === 'value' && mx.value === hi && mn.kind === 'value' && mn.value === lo;
      },
    ),
  },
  {
    name: 'print then parse gives the same set',
    runs: 200,
    property: fc.property(
      withDims((d) => arbSet(spaceOf(d))),
      (s) => {
        const text = P.printSet(s);
        const back = P.parseSet(text);
        if (P.printSet(back) !== text)
          throw new Error(`reprint differs: ${text} / ${P.printSet(back)}`);
        return same('round trip', brutePoints(back), brutePoints(s));
      },
    ),
  },
  {
    name: 'lexLessThan encodes the lexicographic order',
    runs: 100,
    property: fc.property(fc.integer({ min: 1, max: 2 }), (n) => {
      const names = spaceOf(2 * n).dims;
      const a = names.slice(0, n);
      const b = names.slice(n);
      const v = (x: string): Affine => ({ coeffs: { [x]: 1n }, constant: 0n });
      const s = P.fromConjunctions(spaceOf(2 * n), P.lexLessThan(a.map(v), b.map(v)));
      for (const p of brutePoints(s, 2n)) {
        const u = p.slice(0, n);
        const w = p.slice(n);
        const k = u.findIndex((x, i) => x !== w[i]);
        if (k < 0 || u[k] >= w[k]) throw new Error(`${show([p])} is not lex-less`);
      }
      const count = brutePoints(s, 2n).length;
      const total = 5 ** (2 * n);
      const diag = 5 ** n;
      return count === (total - diag) / 2;
    }),
  },
  {
    name: 'parameters are existential for isEmpty and kept by projectOnto',
    runs: 100,
    property: fc.property(
      fc.integer({ min: 1, max: 2 }).chain((d) => arbBasic(spaceOf(d, ['N']), 1)),
      (b0) => {
        // N in [-3, 3].
        const w = b0.ineqs[0].length;
        const lo = Array<bigint>(w).fill(0n);
        const hi = Array<bigint>(w).fill(0n);
        lo[1] = 1n;
        lo[0] = 3n;
        hi[1] = -1n;
        hi[0] = 3n;
        const s: P.PolySet = { space: b0.space, pieces: [{ ...b0, ineqs: [...b0.ineqs, lo, hi] }] };
        const proj = P.projectOnto(s, [s.space.dims[0]]);
        let any = false;
        for (let N = -3n; N <= 3n; N++) {
          const want = brutePoints(P.fixParams(s, { N })).map((p) => [p[0]]);
          const uniq = [...new Map(want.map((p) => [p.join(','), p])).values()];
          same(`N=${N} projection`, brutePoints(P.fixParams(proj, { N })), uniq);
          if (want.length > 0) any = true;
        }
        return P.isEmpty(s) === !any;
      },
    ),
  },
  {
    name: 'maximizeParametric agrees with the maximum for each parameter value',
    runs: 60,
    property: fc.property(
      fc.tuple(arbBasic(spaceOf(2, ['N']), 0), arbObjective(['x', 'y'])),
      ([b0, obj]) => {
        // N in [0, 8] and the dims bounded by N: 0 <= x, y <= N.
        const rows = [
          [0n, 1n, 0n, 0n],
          [8n, -1n, 0n, 0n],
          [0n, 1n, -1n, 0n],
          [0n, 1n, 0n, -1n],
        ];
        const s: P.PolySet = {
          space: b0.space,
          pieces: [{ ...b0, ineqs: [...b0.ineqs, ...rows] }],
        };
        let r: P.ParametricExtremum;
        try {
          r = P.maximizeParametric(s, obj);
        } catch (e) {
          if (/not affine/.test((e as Error).message)) return true; // refused, never wrong
          throw e;
        }
        for (let N = 0n; N <= 8n; N++) {
          const fixed = P.fixParams(s, { N });
          const vals = brutePoints(fixed, BOX + 4n).map((p) => evalAt(obj, ['x', 'y'], p));
          const want = vals.length === 0 ? undefined : vals.reduce((a, b) => (a > b ? a : b));
          const here =
            r.kind === 'pieces'
              ? r.pieces.filter((p) => member(P.fixParams(p.context, { N }), []))
              : [];
          if (want === undefined) {
            if (here.length !== 0) throw new Error(`N=${N}: empty but a piece applies`);
            continue;
          }
          if (here.length !== 1) throw new Error(`N=${N}: ${here.length} pieces apply`);
          const got = evalAt(here[0].value, ['N'], [N]);
          if (got !== want) throw new Error(`N=${N}: got ${got} want ${want}`);
        }
        return true;
      },
    ),
  },
  {
    name: 'eliminateLocals keeps the set (projected or quantified per piece)',
    runs: 150,
    property: fc.property(
      fc.tuple(
        withDims((d) => arbSet(spaceOf(d), 2, 2)),
        fc.integer({ min: 1, max: 3 }),
      ),
      ([s, maxSplit]) =>
        same(
          `eliminateLocals(${P.printSet(s)}, ${maxSplit})`,
          brutePoints(P.eliminateLocals(s, maxSplit)),
          brutePoints(s),
        ),
    ),
  },
  {
    // The conflict-set square (src/lifetime/conflictSet.ts): only pieces (k, l), k <= l, of a
    // relation R over [x, y] intersected with its inverse are built, the rest is their mirror;
    // and a coalesced set is closed under negation by withNegation without a second coalesce.
    name: 'intersectUpper and its mirror make the square; withNegation is s and -s',
    runs: 150,
    property: fc.property(arbSet(spaceOf(2), 3), (r) => {
      const swap = (x: readonly bigint[]) => [x[0], x[2], x[1], ...x.slice(3)];
      const mirror = (s: P.PolySet): P.PolySet => ({
        space: s.space,
        pieces: s.pieces.map((b) => ({ ...b, eqs: b.eqs.map(swap), ineqs: b.ineqs.map(swap) })),
      });
      const upper = P.intersectUpper(r, mirror(r));
      same(
        `square of ${P.printSet(r)}`,
        brutePoints(P.union(upper, mirror(upper))),
        brutePoints(P.intersect(r, mirror(r))),
      );
      const box = brutePoints(P.universe(r.space));
      const want = box.filter(
        (x) =>
          member(r, x) ||
          member(
            r,
            x.map((v) => -v),
          ),
      );
      return same(
        `withNegation of ${P.printSet(r)}`,
        brutePoints(P.withNegation(P.coalesce(r))),
        want,
      );
    }),
  },
  {
    // src/poly/box.ts: intersect skips pairs of pieces with disjoint boxes, so a box must
    // contain every point of its piece, and a piece said empty (null) must have no point.
    name: 'boxOf contains every point of the piece',
    runs: 200,
    property: fc.property(
      withDims((d) => arbBasic(spaceOf(d), 2)),
      (b) => {
        const box = boxOf(b);
        const pts = brutePoints({ space: b.space, pieces: [b] });
        if (!box) return pts.length === 0;
        return pts.every((x) =>
          x.every((v, d) => box.lo[d] <= Number(v) && Number(v) <= box.hi[d]),
        );
      },
    ),
  },
  {
    // Windows of linearized subscripts: `lo <= x - c q <= lo + w` with q boxed. When the width
    // reaches c - 1 the dark and real shadows of q agree and the step takes no splinters; both
    // sides of that threshold must stay exact. Extra equalities among the kept dims exercise
    // the Gauss-Jordan substitution on kept columns.
    name: 'projecting window sets (coefficient c, width w) is exact',
    runs: 150,
    property: fc.property(
      fc.record({
        c: fc.integer({ min: 2, max: 7 }),
        w: fc.integer({ min: 0, max: 8 }),
        lo: fc.integer({ min: -2, max: 2 }),
        qlo: fc.integer({ min: -2, max: 0 }),
        qhi: fc.integer({ min: 0, max: 2 }),
        tie: fc.integer({ min: -2, max: 2 }),
        tied: fc.boolean(),
      }),
      ({ c, w, lo, qlo, qhi, tie, tied }) => {
        // [x, y] : exists q : lo <= x - c q <= lo + w, qlo <= q <= qhi (and y = x + tie, or y
        // free in the box).
        const C = BigInt(c);
        const rows = [
          [BigInt(-lo), 1n, 0n, -C],
          [BigInt(lo + w), -1n, 0n, C],
          [BigInt(-qlo), 0n, 0n, 1n],
          [BigInt(qhi), 0n, 0n, -1n],
          ...[1, 2].flatMap((j) => {
            const a = [BOX, 0n, 0n, 0n];
            const b = [BOX, 0n, 0n, 0n];
            a[j] = 1n;
            b[j] = -1n;
            return [a, b];
          }),
        ];
        const eqs = tied ? [[BigInt(tie), 1n, -1n, 0n]] : [];
        const s: P.PolySet = {
          space: spaceOf(2),
          pieces: [{ space: spaceOf(2), nLocals: 1, eqs, ineqs: rows }],
        };
        const want = brutePoints(s);
        same(`window ${P.printSet(s)}`, brutePoints(P.projectOnto(s, ['x', 'y'])), want);
        const onX = [...new Map(want.map((p) => [`${p[0]}`, [p[0]]])).values()].sort((a, b) =>
          a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0,
        );
        return same(`window on x ${P.printSet(s)}`, brutePoints(P.projectOnto(s, ['x'])), onX);
      },
    ),
  },
];
