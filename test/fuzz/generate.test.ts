import { availableParallelism } from 'node:os';
import { checkKernel } from '../../scripts/fuzz/check.js';
import { finishKernel, generateKernel, nestDepth } from '../../scripts/fuzz/generate.js';
import { aff, asub, cst, tref, v, type Program, type Stmt } from '../../scripts/fuzz/ir.js';
import { renderFiles, renderProgram } from '../../scripts/fuzz/render.js';
import { validateCalls } from '../../scripts/fuzz/calls.js';
import {
  maxLive,
  maxLiveValues,
  runProgram,
  traceLifetimes,
} from '../../scripts/fuzz/lifetimes.js';
import { validateProgram } from '../../scripts/fuzz/validate.js';

/** Run `f` over `items` with at most `n` in flight. */
async function pool<T, R>(items: T[], n: number, f: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const k = next++;
      out[k] = await f(items[k]);
    }
  };
  await Promise.all(Array.from({ length: n }, worker));
  return out;
}

const seeds = (from: number, n: number) => Array.from({ length: n }, (_, k) => from + k);

/** Seeds 0..199, generated once for the static tests. */
const corpus = seeds(0, 200).map((s) => generateKernel(s));

/** A hand-written program: t0[N] read by `out[i] += t0[i + shift]`, optionally written first. */
function tiny(opts: { write: boolean; readShift: number }): Program {
  const body: Stmt[] = [];
  const loop = (s: Stmt): Stmt => ({
    kind: 'for',
    v: 'i',
    init: { kind: 'aff', e: cst(0) },
    cmp: '<',
    limit: { kind: 'aff', e: v('N') },
    step: 1,
    body: [s],
  });
  if (opts.write)
    body.push(
      loop({
        kind: 'assign',
        lhs: { kind: 'temp', ref: tref('t0', [asub(v('i'))]) },
        op: '=',
        rhs: { kind: 'in', idx: v('i') },
      }),
    );
  body.push(
    loop({
      kind: 'assign',
      lhs: { kind: 'out', idx: v('i') },
      op: '+=',
      rhs: { kind: 'temp', ref: tref('t0', [asub(v('i', 1, opts.readShift))]) },
    }),
  );
  return {
    seed: 0,
    params: [{ name: 'N', value: 6, kind: 'define' }],
    temps: [{ name: 't0', extents: [v('N')] }],
    body,
    inLen: 16,
    outLen: 16,
  };
}

describe('generateKernel', () => {
  it('is reproducible: same seed, same text; different seeds, different programs', () => {
    for (const s of seeds(0, 20)) expect(generateKernel(s).source).toBe(generateKernel(s).source);
    expect(new Set(corpus.map((k) => k.source)).size).toBe(corpus.length);
  });

  it('returns programs of the promised shape that pass the static proof', () => {
    for (const k of corpus) {
      const val = validateProgram(k.program);
      expect(val).toMatchObject({ ok: true });
      expect(k.temporaries.length).toBeGreaterThanOrEqual(1);
      expect(k.temporaries.length).toBeLessThanOrEqual(4);
      for (const t of k.temporaries) {
        expect(t.dims).toBeGreaterThanOrEqual(1);
        expect(t.dims).toBeLessThanOrEqual(3);
        expect(val.reads[t.name]).toBeGreaterThan(0);
        expect(k.source).toContain(`unsigned ${t.name}[`);
      }
      expect(k.instances).toBeLessThanOrEqual(4000);
      const depth = Math.max(...k.program.body.map(nestDepth));
      expect(depth).toBeGreaterThanOrEqual(1);
      expect(depth).toBeLessThanOrEqual(4);
      expect(k.source).toMatch(/printf\("checksum %u\\n", h\);/);
      for (const [name, value] of Object.entries(k.defines))
        expect(k.source).toContain(`#define ${name} ${value}\n`);
    }
  });

  it('covers every pattern of the target class across seeds', () => {
    const seen = new Set(corpus.flatMap((k) => k.features));
    const required = [
      ...[
        '1d',
        '2d',
        '3d',
        'depth-1',
        'depth-2',
        'depth-3',
        'depth-4',
        'temps-1',
        'temps-4',
        'vla',
      ],
      ...[
        'triangular',
        'offset',
        'minmax-macro',
        'minmax-ternary',
        'max-bound',
        'literal-size',
        'decreasing',
        'stride',
        'div-stride',
      ],
      ...[
        'sequence',
        'fused-nests',
        'affine-if',
        'if-else',
        'transpose',
        'skew',
        'shifted-subscript',
        'accumulation',
      ],
      ...['data-dependent-if', 'data-dependent-select', 'non-affine-subscript'],
      ...[
        'init-nest',
        'producer-consumer',
        'sliding-window',
        'line-buffer',
        'time-stencil',
        'accumulator-row',
      ],
      ...['recurrence', 'histogram', 'chain', 'stencil', 'repeat'],
    ];
    expect(required.filter((f) => !seen.has(f))).toEqual([]);
  });

  it('compiles clean under sanitizers and proves read-after-write at run time (8 seeds)', async () => {
    // 8 compiled seeds (sanitizer builds cost a second each); the 200-seed corpus above is
    // checked statically, the long runs are `npm run fuzz:nightly`.
    const results = await pool(seeds(0, 8), Math.max(2, availableParallelism()), async (s) => ({
      s,
      r: await checkKernel(generateKernel(s)),
    }));
    const failures = results.filter((x) => !x.r.ok).map((x) => `seed ${x.s}: ${x.r.error}`);
    expect(failures).toEqual([]);
  });

  it('joins assignments with the comma operator on request: same IR, same checksum', async () => {
    // Default programs never use the comma operator (the seeds of earlier campaigns keep their text).
    expect(seeds(0, 20).some((s) => generateKernel(s).features.includes('comma'))).toBe(false);
    const joined = seeds(0, 20)
      .map((s) => generateKernel(s, { commaProbability: 1 }))
      .filter((k) => k.features.includes('comma'));
    expect(joined.length).toBeGreaterThan(3);
    for (const k of joined.slice(0, 2)) {
      const plain = generateKernel(k.seed);
      expect(k.source).not.toBe(plain.source);
      expect(k.source).toMatch(/^\s*[^\s].*\] [+^]?= .*\), (t\d|out)\[.*;$/m);
      expect(JSON.stringify(k.program, (key, v) => (key === 'seq' ? undefined : v))).toBe(
        JSON.stringify(plain.program),
      );
      expect(await checkKernel(k)).toMatchObject({ ok: true });
    }
  });
});

describe('references split into equal `?:` branches (selectProbability)', () => {
  it('keeps what the program computes, and compiles to the same checksum', async () => {
    // Default programs never have an affine `?:` (earlier campaigns' seeds keep their text).
    const flag = (k: { features: string[] }) =>
      k.features.includes('select-subscript') || k.features.includes('affine-select');
    expect(seeds(0, 20).some((s) => flag(generateKernel(s)))).toBe(false);
    const split = seeds(0, 20)
      .map((s) => generateKernel(s, { selectProbability: 0.6 }))
      .filter(flag);
    expect(split.length).toBeGreaterThan(10);
    expect(split.some((k) => k.features.includes('select-subscript'))).toBe(true);
    expect(split.some((k) => k.features.includes('affine-select'))).toBe(true);
    for (const k of split.slice(0, 2)) {
      const plain = generateKernel(k.seed);
      expect(k.source).toMatch(/\[[^\]]* \? [^\]]* : /);
      expect(runProgram(k.program).checksum).toBe(runProgram(plain.program).checksum);
      expect(await checkKernel(k)).toMatchObject({ ok: true });
    }
  });
});

describe('hand-linearized temporaries (linearProbability)', () => {
  it('declare one dimension and index row-major, with the same checksum', async () => {
    expect(seeds(0, 20).some((s) => generateKernel(s).features.includes('linearized'))).toBe(false);
    const linear = seeds(0, 20)
      .map((s) => generateKernel(s, { linearProbability: 1 }))
      .filter((k) => k.features.includes('linearized'));
    expect(linear.length).toBeGreaterThan(10);
    for (const k of linear.slice(0, 2)) {
      const plain = generateKernel(k.seed);
      const t = k.program.temps.find((x) => x.linear)!;
      // `unsigned t1[P * N];` and `t1[((i)) * N + (j)]`: no second bracket on t1.
      expect(k.source).toMatch(new RegExp(`unsigned ${t.name}\\[[^\\]]* \\* [^\\]]*\\];`));
      expect(k.source).not.toMatch(new RegExp(`\\b${t.name}\\[[^\\]]*\\]\\[`));
      expect(runProgram(k.program).checksum).toBe(runProgram(plain.program).checksum);
      expect(await checkKernel(k)).toMatchObject({ ok: true });
    }
  });
});

describe('outer loops rewriting temporaries (outerProbability, issue 14)', () => {
  const outer = seeds(0, 30).map((s) => generateKernel(s, { outerProbability: 1 }));

  it('wrap the body or a run of it in `for (int f ...)`, off by default', () => {
    expect(seeds(0, 20).some((s) => generateKernel(s).features.includes('outer-loop'))).toBe(false);
    const wrapped = outer.filter((k) => k.features.includes('outer-loop'));
    expect(wrapped.length).toBeGreaterThan(20);
    for (const k of wrapped) expect(k.source).toMatch(/for \(int f = 0; f < [234]; f\+\+\)/);
  });

  it('rewrite temporaries in every frame, with the frame number in the values', async () => {
    // The value-based model is where the savings come from: on some programs the most
    // values live at once is below the most cells live at once (cell-based lifetimes).
    const saving = outer.filter((k) =>
      [...traceLifetimes(k.program).values()].some((t) => maxLiveValues(t) < maxLive(t)),
    );
    expect(saving.length).toBeGreaterThan(5);
    const k = outer.find((x) => x.features.includes('outer-loop'))!;
    expect(k.source).toMatch(/\+ \(unsigned\)f\)/);
    expect(runProgram(k.program).checksum).not.toBe(
      runProgram(generateKernel(k.seed).program).checksum,
    );
    expect(await checkKernel(k)).toMatchObject({ ok: true });
  });
});

describe('validateProgram and checkKernel (the guarantees can fail)', () => {
  it('accepts the written-then-read program, statically and at run time', async () => {
    const p = tiny({ write: true, readShift: 0 });
    expect(validateProgram(p).ok).toBe(true);
    expect(await checkKernel(finishKernel(p))).toMatchObject({ ok: true });
  });

  it('rejects a read of a never-written temporary, statically and at run time', async () => {
    const p = tiny({ write: false, readShift: 0 });
    expect(validateProgram(p).error).toMatch(/before any definite write/);
    const r = await checkKernel({
      source: renderProgram(p),
      instrumented: renderProgram(p, { instrument: true }),
    });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/read of unwritten t0/);
  });

  it('rejects an out-of-bounds subscript, statically and at run time', async () => {
    const p = tiny({ write: true, readShift: 1 });
    expect(validateProgram(p).error).toMatch(/outside \[0, 6\)/);
    const r = await checkKernel({
      source: renderProgram(p),
      instrumented: renderProgram(p, { instrument: true }),
    });
    expect(r.ok).toBe(false);
  });

  it('rejects a program whose C text and IR disagree (checksum of the IR interpreter)', async () => {
    // Guards the IR-vs-C cross-check: the dynamic lifetimes are only trusted if both agree.
    const k = generateKernel(5);
    const other = generateKernel(6);
    const r = await checkKernel({ ...k, program: other.program });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(
      /IR interpreter computes checksum \d+, the C program printed checksum \d+/,
    );
  });

  it('counts writes under a data-dependent if only when both branches write', () => {
    const w = (rhs: number): Stmt => ({
      kind: 'assign',
      lhs: { kind: 'temp', ref: tref('t0', [asub(v('i'))]) },
      op: '=',
      rhs: { kind: 'const', n: rhs },
    });
    const withIf = (hasElse: boolean): Program => {
      const p = tiny({ write: true, readShift: 0 });
      const first = p.body[0] as Extract<Stmt, { kind: 'for' }>;
      first.body = [
        {
          kind: 'if',
          conds: [{ kind: 'data', idx: v('i'), mask: 1 }],
          then: [w(1)],
          ...(hasElse ? { else: [w(2)] } : {}),
        },
      ];
      return p;
    };
    expect(validateProgram(withIf(true)).ok).toBe(true);
    expect(validateProgram(withIf(false)).ok).toBe(false);
  });

  it('expands a data subscript to its whole range for reads', () => {
    const p = tiny({ write: true, readShift: 0 });
    const first = p.body[0] as Extract<Stmt, { kind: 'for' }>;
    // Only cells 0..N-2 written: t0[in[i] % N] may read cell N-1.
    first.limit = { kind: 'aff', e: aff(-1, { N: 1 }) };
    const second = p.body[1] as Extract<Stmt, { kind: 'for' }>;
    (second.body[0] as Extract<Stmt, { kind: 'assign' }>).rhs = {
      kind: 'temp',
      ref: tref('t0', [{ kind: 'data', idx: v('i') }]),
    };
    expect(validateProgram(p).ok).toBe(false);
    first.limit = { kind: 'aff', e: v('N') };
    expect(validateProgram(p).ok).toBe(true);
  });
});

describe('C forms of the same program (forms: casts, counters, labels, while, induction, shadow)', () => {
  const ALL = { casts: 1, counters: 1, labels: 1, while: 1, induction: 1, shadow: 1 };
  it('writes each form and keeps what the program computes (same IR checksum, clean compile)', async () => {
    const kernels = seeds(0, 6).map((s) => generateKernel(s, { forms: ALL }));
    const text = kernels.map((k) => k.source).join('\n');
    // Each form shows up somewhere in six programs.
    expect(text).toMatch(/\(unsigned char\)\(|\(unsigned short\)\(|\(size_t\)\(/);
    expect(text).toMatch(/\b(unsigned|short|signed char|long) \w+ = /);
    expect(text).toMatch(/\bL\d+: /);
    expect(text).toMatch(/while \(/);
    expect(text).toMatch(/int ix\d+ = /);
    expect(text).toMatch(/\{ unsigned \*t\d = out; t\d\[5\] = out\[5\]; \}/);
    for (const k of kernels.slice(0, 3)) {
      expect(runProgram(k.program).checksum).toBe(
        runProgram(generateKernel(k.seed).program).checksum,
      );
      expect(await checkKernel(k)).toMatchObject({ ok: true });
    }
  });

  it('leaves the text of a seed unchanged without the options', () => {
    expect(generateKernel(3, { forms: {} }).source).toBe(generateKernel(3).source);
  });

  it('writes guarded do-while loops, with the step in the condition or last in the body', async () => {
    const kernels = seeds(0, 6).map((s) => generateKernel(s, { forms: { do: 1, counters: 0.5 } }));
    const text = kernels.map((k) => k.source).join('\n');
    expect(text).toMatch(/\} while \((\+\+|--)\w+ [<>]=? /);
    expect(text).toMatch(/\+\+;\n\s*\} while \(\w+ [<>]=? /);
    for (const k of kernels.slice(0, 3)) {
      expect(runProgram(k.program).checksum).toBe(
        runProgram(generateKernel(k.seed).program).checksum,
      );
      expect(await checkKernel(k)).toMatchObject({ ok: true });
    }
  });
});

describe('whole programs: temporaries across calls (calls.ts)', () => {
  const ALL = {
    calls: 1,
    alias: 0.5,
    kept: 0.5,
    nested: 0.5,
    loop: 0.5,
    prelude: 0.6,
    extents: 0.5,
    recursion: 0.5,
    unity: 0.3,
  };
  const wholePrograms = seeds(0, 80).map((s) => generateKernel(s, { calls: ALL }));

  it('leaves the text of a seed unchanged without the option, reproducible with it', () => {
    expect(generateKernel(3, { calls: {} }).source).toBe(generateKernel(3).source);
    expect(generateKernel(3, { calls: { calls: 0 } }).source).toBe(generateKernel(3).source);
    for (const k of wholePrograms.slice(0, 10)) {
      const again = generateKernel(k.seed, { calls: ALL });
      expect([again.source, again.files]).toEqual([k.source, k.files]);
    }
  });

  it('writes every form, both verdicts (a value crosses, or none does), valid by construction', () => {
    const seen = new Set(wholePrograms.flatMap((k) => k.features));
    const required = [
      ...['call-clean', 'call-crosses', 'call-callers', 'call-unity'],
      ...['array', 'vla', 'malloc', 'calloc'].map((b) => `call-buffer-${b}`),
      ...['pointer', 'element', 'offset', 'row'].map((a) => `call-alias-${a}-after`),
      ...['call-alias-element-before', 'call-alias-pointer-overwrite'],
      ...['global', 'returned'].flatMap((v) => [`call-kept-${v}-after`, `call-kept-${v}-before`]),
      ...['peek', 'scrub', 'subscript', 'out-index'].map((o) => `call-nested-${o}`),
      ...['before', 'after', 'own', 'none'].map((r) => `call-loop-${r}`),
      ...['data-if', 'clamp', 'zero-trip', 'early-return', 'covered'].map(
        (p) => `call-prelude-${p}`,
      ),
      ...['call-extent-lie', 'call-extent-pointer'],
      ...['tail', 'mid', 'caller'].map((r) => `call-recursion-${r}`),
    ];
    expect(required.filter((f) => !seen.has(f))).toEqual([]);
    for (const k of wholePrograms) {
      expect(validateProgram(k.program).ok).toBe(true);
      expect(validateCalls(k.program)).toBeUndefined();
      expect(k.files?.['kern.c'] ?? k.source).toMatch(/static (void|unsigned) kernel\(/);
      if (k.program.calls!.unity) {
        // main.c includes kern.c, which defines the kernel; both files call it.
        expect(k.source).toMatch(/^#include "kern\.c"$/m);
        expect(k.files!['kern.c']).toMatch(/static (void|unsigned) kernel\(/);
        expect(k.source).toMatch(/^static void test\d\(/m);
        expect(k.files!['kern.c']).toMatch(/^static void run\d\(/m);
      } else expect(k.files).toBeUndefined();
    }
  });

  it('compile clean under sanitizers, with the kernel body proved at run time, and read no uninitialized memory', async () => {
    // One of each: a unity build, a mid-body recursion, a prelude, a lying extent.
    const pick = (f: string) => wholePrograms.find((k) => k.features.includes(f))!;
    const kernels = [
      pick('call-unity'),
      pick('call-recursion-mid'),
      pick('call-prelude-clamp'),
      pick('call-extent-lie'),
      pick('call-nested-subscript'),
    ];
    const results = await pool(kernels, 2, async (k) => ({ s: k.seed, r: await checkKernel(k) }));
    expect(results.filter((x) => !x.r.ok).map((x) => `seed ${x.s}: ${x.r.error}`)).toEqual([]);
  });

  it('rejects a caller that reads a buffer it did not fill, statically and at run time', async () => {
    // The determinism check (the program built with automatic variables filled with a
    // pattern and with zeros prints one checksum) guards what validateCalls promises.
    // A read the compiler cannot see: the kernel's prelude reads a cell of its parameter
    // that it does not write on this input (the caller's value flows in).
    const k = wholePrograms.find(
      (x) => x.features.includes('call-prelude-data-if') && !x.program.calls!.unity,
    )!;
    const p = structuredClone(k.program);
    p.calls!.prelude!.kind = 'data-if';
    p.calls!.prelude!.mask = 0;
    for (const c of p.calls!.callers) [c.init, c.buffer] = [false, 'array'];
    expect(validateCalls(p)).toMatch(/did not fill/);
    const text = renderFiles(p);
    const r = await checkKernel({
      source: text.main,
      instrumented: renderProgram(p, { instrument: true }),
      program: p,
      ...(text.kern ? { files: { 'kern.c': text.kern } } : {}),
    });
    // (The instrumented build, without sanitizers, may be the first to print another value.)
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/reads uninitialized memory|instrumented checksum .* differs/);
  });
});
