import { checkKernel } from '../../scripts/fuzz/check.js';
import { generateKernel } from '../../scripts/fuzz/generate.js';
import { reduceKernel } from '../../scripts/fuzz/reduce.js';
import { validateProgram } from '../../scripts/fuzz/validate.js';

/** The synthetic "bug": a statement accumulating (`+=`) into temporary t1. */
const accumulatesIntoT1 = /^\s*t1\[.*\] \+= /m;

const firstSeedWith = (re: RegExp): number => {
  for (let s = 0; s < 500; s++) if (re.test(generateKernel(s).source)) return s;
  throw new Error('no seed');
};

const statements = (source: string) => source.split('\n').filter((l) => /;\s*$/.test(l)).length;

describe('reduceKernel', () => {
  it('shrinks a program while the predicate holds, keeping it a valid fuzz program', async () => {
    const kernel = generateKernel(firstSeedWith(accumulatesIntoT1));
    const r = await reduceKernel(kernel, async (src) => accumulatesIntoT1.test(src), {
      checkCandidates: false,
    });
    expect(r.steps).toBeGreaterThan(0);
    expect(accumulatesIntoT1.test(r.kernel.source)).toBe(true);
    expect(statements(r.kernel.source)).toBeLessThan(statements(kernel.source));
    // Nothing but t1 and what feeds its `+=` survives: at most two temporaries.
    expect(r.kernel.temporaries.length).toBeLessThanOrEqual(2);
    expect(validateProgram(r.kernel.program).ok).toBe(true);
    expect(await checkKernel(r.kernel)).toMatchObject({ ok: true });
  });

  it('keeps the read-after-write guarantee: never drops the writes a kept read needs', async () => {
    // Predicate: t1 is still read somewhere (`= ... t1[` or `+= ... t1[`).
    const readsT1 = /[=+^] .*\bt1\[/;
    const kernel = generateKernel(firstSeedWith(readsT1));
    const r = await reduceKernel(kernel, async (src) => readsT1.test(src), {
      checkCandidates: false,
    });
    expect(readsT1.test(r.kernel.source)).toBe(true);
    expect(validateProgram(r.kernel.program).ok).toBe(true);
    expect(await checkKernel(r.kernel)).toMatchObject({ ok: true });
  });

  it('returns the program unchanged when no candidate keeps the failure', async () => {
    const kernel = generateKernel(3);
    const r = await reduceKernel(kernel, async (src) => src === kernel.source, {
      checkCandidates: false,
    });
    expect(r.steps).toBe(0);
    expect(r.kernel.source).toBe(kernel.source);
  });

  it('runs the run-time checker on every candidate before the predicate; a rejected candidate is not kept', async () => {
    const kernel = generateKernel(firstSeedWith(accumulatesIntoT1));
    let checked = 0;
    let tested = 0;
    const r = await reduceKernel(
      kernel,
      async (src) => {
        tested++;
        return accumulatesIntoT1.test(src);
      },
      {
        checker: async () => {
          checked++;
          return false;
        },
      },
    );
    expect(checked).toBeGreaterThan(0);
    expect(tested).toBe(0);
    expect(r.steps).toBe(0);
    expect(r.kernel.source).toBe(kernel.source);
  });
});

describe('reduceKernel on whole programs (calls.ts)', () => {
  it('drops callers, forms, recursion, the prelude and the second file the failure does not need', async () => {
    const opts = {
      calls: { calls: 1, alias: 0.5, kept: 0.9, prelude: 0.9, recursion: 0.9, unity: 0.9 },
    };
    // A program with a kept pointer read after the call, and much else around it.
    const keptAfter = (k: ReturnType<typeof generateKernel>) =>
      !!k.program.calls?.callers.some((c) => c.form.kind === 'kept' && c.form.read === 'after');
    let seed = 0;
    while (!(keptAfter(generateKernel(seed, opts)) && generateKernel(seed, opts).files)) seed++;
    const kernel = generateKernel(seed, opts);
    const r = await reduceKernel(kernel, async (_src, k) => keptAfter(k), {
      checkCandidates: false,
    });
    const spec = r.kernel.program.calls!;
    expect(spec.callers).toHaveLength(1);
    expect(spec.callers[0].form.kind).toBe('kept');
    expect([spec.unity, spec.prelude, spec.recursion, spec.callers[0].recursion]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(r.kernel.files).toBeUndefined();
    expect(await checkKernel(r.kernel)).toMatchObject({ ok: true });
  });
});
