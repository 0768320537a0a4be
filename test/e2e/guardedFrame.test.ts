/**
 * A report counts only the bytes the program as built saves. Guards: a function fixed for
 * an argument value (`-D n=8`) kept its original body as a block beside the contracted one,
 * `if (n != 8) { original } else { contracted }`, and both blocks' arrays took its one stack
 * frame (GCC: 456, 408, 408, 400 bytes at -O0, -O1, -O2, -Os, before and after alike), so the
 * report counted 0 (BC1510). Now the original body is a function of its own,
 * `static __attribute__((noinline)) double kernel__beeclak_original(...)`, which the guard
 * calls: the frame shrinks by exactly the bytes the report counts (-mno-red-zone: x86-64's
 * leaf functions also use 128 bytes -fstack-usage does not show). Where the body cannot
 * leave the function (`__func__`, `...`, ...) it stays a block, and the report says 0 and why.
 * Each output computes what the original does on both paths (n == 8 and the guard's other
 * branch).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';
import { hasWarning, warningText } from '../helpers/codes.js';
import { describeWithTool } from '../helpers/optionalTool.js';
import { frames, STACK_USAGE, WHOLE_FRAME } from '../helpers/stackUsage.js';
import { codeOf } from '../../src/model/reasons.js';

const fixture = path.join(ROOT, 'test/fixtures/guardedFrame/window.c');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-guardedframe-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

interface Entry {
  name: string;
  function: string;
  savedBytes: number;
  code?: string;
  warnings: { code: string; message: string }[];
}

const entries = (file: string): Entry[] =>
  (
    JSON.parse(runCli(['analyze', file, '-D', 'n=8', '--json']).stdout) as {
      arrays: Entry[];
    }
  ).arrays;

/**
 * `check` with the arguments that make main() call with n = 8 (the contracted path) and
 * n = 9 (the guard's other branch).
 */
function checks(file: string, paths: readonly (readonly string[])[] = [[], ['x']]): string[] {
  return paths.map((args) =>
    runCli(['check', file, '-D', 'n=8', ...(args.length ? ['--', ...args] : [])])
      .stdout.trim()
      .split('\n')
      .pop()!,
  );
}

describeWithTool(STACK_USAGE, 'an original body kept as a function of its own', () => {
  const out = path.join(work, 'window.c');
  const contracted = runCli(['contract', fixture, '-D', 'n=8', '-o', out]);
  const t = entries(fixture).find((a) => a.name === 't')!;

  it('is written with its guard and computes the same on both paths', () => {
    expect(contracted.code).toBe(0);
    const text = fs.readFileSync(out, 'utf8');
    expect(text).toContain(
      'static __attribute__((noinline)) double kernel__beeclak_original(int n, const double *in, double *out)\n{\n    double t[64];',
    );
    expect(text).toContain(
      '    if (n != 8) {\n        return kernel__beeclak_original(n, in, out);\n    } else {',
    );
    expect(checks(fixture, [[], ['x'], ['x', 'y']])).toEqual(['ok', 'ok', 'ok']);
  });

  it.each([['-O0'], ['-O1'], ['-O2'], ['-Os']])(
    'counts the bytes the frame loses at %s',
    (level) => {
      const flags = [level, ...WHOLE_FRAME];
      const before = frames(fs.readFileSync(fixture, 'utf8'), flags)?.get('kernel');
      const after = frames(fs.readFileSync(out, 'utf8'), flags)?.get('kernel');
      expect(before).toBeDefined();
      expect(after).toBeDefined();
      // Without the red zone the frames differ by the array's bytes exactly (480 at every
      // level with GCC 12 on x86-64); a frame rounded otherwise may lose less.
      if (WHOLE_FRAME.length > 0) expect(t.savedBytes).toBe(before! - after!);
      else expect(t.savedBytes).toBeLessThanOrEqual(before! - after!);
    },
  );

  it('counts the array whole, with no warning about the frame', () => {
    expect({ saved: t.savedBytes, shared: hasWarning(t, 'guarded-frame-shared') }).toEqual({
      saved: (64 - 4) * 8,
      shared: false,
    });
  });

  // A second run over the output left the original body's t to be contracted again (for
  // n == 8, which that body never runs with), and made a copy of the copy.
  it('is left as it is by a second run', () => {
    const again = path.join(work, 'again.c');
    expect(runCli(['contract', out, '-D', 'n=8', '-o', again]).code).toBe(0);
    expect(fs.readFileSync(again, 'utf8')).toBe(fs.readFileSync(out, 'utf8'));
    const kept = entries(out).find(
      (a) => a.function === 'kernel__beeclak_original' && a.name === 't',
    );
    expect(kept?.code).toBe(codeOf('original-body-kept'));
  });
});

/** window.c with `edit` applied (its kernel's header and body, its main's call). */
function variant(name: string, edit: (source: string) => string): string {
  const file = path.join(work, `${name}.c`);
  fs.writeFileSync(file, edit(fs.readFileSync(fixture, 'utf8')));
  return file;
}

const header = 'double kernel(int n, const double *in, double *out)';
const ret = '    return out[n - 1];\n';
/** main() calls the kernel for its effect only. */
const callOnly = (k: string) =>
  k.replace(
    'printf("%f\\n", kernel(8 + argc - 1, in, out));',
    'kernel(8 + argc - 1, in, out);\n    printf("%f\\n", out[8]);',
  );

/** The kernel takes a `struct opaque *` too (main() passes a null one). */
const withTag = (k: string) =>
  k
    .replace(header, 'double kernel(int n, struct opaque *tag, const double *in, double *out)')
    .replace('kernel(8 + argc - 1, in, out)', 'kernel(8 + argc - 1, 0, in, out)')
    .replace(ret, '    if (tag) out[0] += 1;\n' + ret);

// Forms the call must get right: each is outlined, and computes the same on both paths.
it.each<[string, (k: string) => string, string]>([
  [
    'void',
    (k) =>
      callOnly(k)
        .replace(header, 'void kernel(int n, const double *in, double *out)')
        .replace(ret, '    out[0] += 1;\n'),
    '        kernel__beeclak_original(n, in, out); return;\n',
  ],
  [
    'static-inline',
    (k) =>
      k.replace(
        header,
        'static inline double\nkernel(int n /* count */, const double *in, double *out)',
      ),
    'static __attribute__((noinline)) double\nkernel__beeclak_original(int n /* count */, const double *in, double *out)\n{',
  ],
  [
    'tag-declared-before',
    (k) => withTag(k).replace('#include <stdio.h>\n', '#include <stdio.h>\nstruct opaque;\n'),
    '        return kernel__beeclak_original(n, tag, in, out);\n',
  ],
  [
    'writes-a-parameter',
    (k) => k.replace(ret, '    in = out;\n' + ret.replace('out[', 'in[')),
    '        return kernel__beeclak_original(n, in, out);\n',
  ],
])('%s: the original body is a function of its own', (name, edit, expected) => {
  const file = variant(`outlined-${name}`, edit);
  const r = runCli(['contract', file, '-D', 'n=8']);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain(expected);
  expect(checks(file)).toEqual(['ok', 'ok']);
});

// Bodies that cannot leave their function: they stay a block beside the contracted one, the
// array counts 0 bytes (BC1510) and the warning says why; both paths compute the same.
it.each<[string, (k: string) => string, string]>([
  [
    'variadic',
    (k) => k.replace(header, 'double kernel(int n, const double *in, double *out, ...)'),
    'variadic',
  ],
  ['func', (k) => k.replace(ret, '    if (n < 0) printf("%s\\n", __func__);\n' + ret), '__func__'],
  ['extern-inline', (k) => k.replace(header, `extern inline ${header}`), 'inline'],
  [
    'no-final-return',
    (k) => callOnly(k).replace(ret, '    out[0] += 1;\n'),
    'does not end with `return`',
  ],
  [
    'names-itself',
    (k) =>
      k.replace(
        '    int i, j;\n',
        '    int i, j;\n    double (*self)(int, const double *, double *) = kernel;\n    (void)self;\n',
      ),
    'names itself',
  ],
  ['attribute', (k) => k.replace(header, `__attribute__((hot)) ${header}`), '__attribute__((hot))'],
  // A tag first declared in the parameter list is a new type in each copy: the call passed
  // one struct opaque * for another (an error in ISO C and GCC 14; adversary 2026-11-29e).
  ['prototype-scoped-tag', (k) => withTag(k), 'declares struct opaque'],
  // A variably modified parameter's size is evaluated at each entry: the copy's entry ran
  // width() a second time (adversary 2026-11-29e).
  // A pragma before the header may apply to the next declaration: `#pragma omp declare
  // variant(fast) match(construct={parallel})` went to the copy, and a parallel region's call
  // ran the kernel instead of its variant (adversary 2026-11-29e).
  [
    'pragma-before',
    (k) => k.replace(header, `#pragma omp declare simd\n${header}`),
    'a #pragma before its header',
  ],
  [
    'effect-in-parameter-size',
    (k) =>
      k
        .replace(header, 'double kernel(int n, const double in[width(n)], double *out)')
        .replace(
          '#include <stdio.h>\n',
          '#include <stdio.h>\nstatic int width(int n) { return n; }\n',
        ),
    'has an effect',
  ],
  [
    'macro-storage',
    (k) => `#define API static\n${k.replace(header, `API ${header}`)}`,
    'spelled by a macro',
  ],
])('%s: the original body stays in the frame, and the report says why', (name, edit, why) => {
  const file = variant(`shared-${name}`, edit);
  const r = runCli(['contract', file, '-D', 'n=8']);
  expect(r.code).toBe(0);
  expect(r.stdout).not.toContain('__beeclak_original');
  expect(r.stdout).toContain('if (n != 8) {');
  const t = entries(file).find((a) => a.name === 't')!;
  expect({ saved: t.savedBytes, shared: hasWarning(t, 'guarded-frame-shared') }).toEqual({
    saved: 0,
    shared: true,
  });
  expect(warningText(t)).toContain(why);
  // (The block form's paths are checked by samples and fixedPoint; here the other branch.)
  expect(checks(file, [['x']])).toEqual(['ok']);
});

// A VLA is allocated where its declaration runs: the original body's `double t[n][m]` takes
// no stack on the contracted path (samples/vla.c, -D n=20 -D m=30), so its saving counts.
it('counts the saving of a VLA whose original the contracted path never allocates', () => {
  const r = runCli([
    'analyze',
    path.join(ROOT, 'samples/vla.c'),
    '-D',
    'n=20',
    '-D',
    'm=30',
    '--json',
  ]);
  const arrays = (JSON.parse(r.stdout) as { arrays: Entry[] }).arrays;
  const t = arrays.find((a) => a.name === 't')!;
  expect({ saved: t.savedBytes, why: hasWarning(t, 'guarded-frame-shared') }).toEqual({
    saved: 4800 - 240,
    why: false,
  });
});
