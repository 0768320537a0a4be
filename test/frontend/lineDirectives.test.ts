/**
 * The file's own `#line` directives (src/frontend/lineDirectives.ts): the preprocessor's
 * markers give the lines a `#line` declares, and the frontend took them for physical lines.
 * beeclak's output has a `#line` after each line it adds, so beeclak run on its own output
 * (a pre-commit hook, every commit) refused every array after the first addition (BC1036).
 */
import { readFileSync } from 'node:fs';
import { analyzeSource } from '../../src/pipeline/analysis.js';
import { codeOf } from '../../src/model/reasons.js';
import { analysisOptions } from '../helpers/analysisOptions.js';
import { compileAndRun } from '../rewrite/compileRun.js';
import { physicalMarkers } from '../../src/frontend/lineDirectives.js';
import { preprocessorOutput } from '../../src/frontend/preprocess.js';
import { InputError } from '../../src/model/errors.js';
import { contract, contraction, misplaced } from './lineDirectiveRuns.js';

/** One kernel with a temporary that contracts to a scalar, after `directive` on line 2. */
const kernel = (directive: string) => `#include <stdio.h>
${directive}
static double f(const double *in)
{
    double t[8];
    double s = 0;
    for (int i = 0; i < 8; i++) { t[i] = in[i] * 2; s += t[i]; }
    return s;
}
int main(void) { double a[8] = {1,2,3,4,5,6,7,8}; printf("%g %d\\n", f(a), __LINE__); return 0; }
`;

// Guards the bug itself: on the contracted text, every line after the first `#line` was read
// as the line the directive gives, so the arrays there were reported at the wrong lines
// (durbin.c: main's r at 67:12, the `#line 64` line, for 71:12) and refused as not spelled in
// the file (multi.c: the second run lost the contractions of smooth() and sweep()). Each run
// of a hook must leave a contracted file as it is, and say where its arrays are.
it.each(['samples/multi.c', 'samples/durbin.c'])(
  'contracting the contracted %s again changes nothing',
  async (file) => {
    const once = await contract(readFileSync(file, 'latin1'), file);
    expect(once).toMatch(/^#line \d+$/m);
    const twice = await contraction(once, file);
    expect(twice.text).toBe(once);
    expect(misplaced(once, twice.analysis.report.arrays)).toEqual([]);
    const codes = twice.analysis.report.arrays.map((a) => a.code);
    expect(codes).not.toContain(codeOf('not-editable'));
  },
);

// Guards the second run over codec2's fdmdv.c: after the guard's `#line`, a `#define` after a
// comment block comes with a marker of the preprocessor's own, read for neither reading: the
// contracted file was refused ("cannot be told apart", exit 1 from `contract --check`).
it('a contracted durbin.c with a #define after a comment block: contracting again changes nothing', async () => {
  const file = 'samples/durbin.c';
  const lines = readFileSync(file, 'latin1').split('\n');
  // After kernel_durbin() and its guard's `#line`: a comment block as codec2 writes above
  // each function (more than eight lines: the preprocessor resumes with a marker), a macro.
  const at = lines.indexOf('int main(void)');
  lines.splice(at, 0, '/*', ...Array.from({ length: 10 }, () => ' *'), ' */', '#define SCALE 1');
  const source = lines.join('\n');
  const once = await contract(source, file);
  expect(once).toMatch(/^#line \d+$/m);
  const twice = await contraction(once, file);
  expect(twice.text).toBe(once);
  expect(misplaced(once, twice.analysis.report.arrays)).toEqual([]);
});

// The same over every sample is lineDirectives.long.test.ts (`npm run test:long`).

const reportOf = async (source: string) =>
  (await analyzeSource(source, 'line.c', analysisOptions())).report;

// Guards the mapping: reports name the file's physical lines (t is declared on line 5, as
// an editor shows it, whatever the directive says), and the rewrite edits that text.
it.each([
  ['#line 40', 'a #line'],
  ['#line 40 "line.c"', 'a #line naming the file itself'],
  ['# 40 "line.c"', 'the GNU form'],
  // (this one passes without the fix too: it guards the fix, a skipped directive not taken)
  ['#if 0\n#line 7\n#endif', 'a #line the compiler skips'],
])('after %s (%s): contracted, reported at its physical line', async (directive) => {
  const source = kernel(directive);
  const report = await reportOf(source);
  const shift = directive.split('\n').length - 1;
  const t = report.arrays.find((a) => a.name === 't')!;
  expect({ line: t.line, status: t.status }).toEqual({ line: 5 + shift, status: 'scalarized' });
  const main = report.arrays.find((a) => a.name === 'a')!;
  expect(main.line).toBe(10 + shift);
  const out = await contract(source, 'line.c');
  expect(out).toContain('    double t;\n');
  expect(out).toContain('{ t = in[i] * 2; s += t; }');
});

// Guards the lines of another file: they are not this file's (a report or an edit there
// would name lines of a file that does not exist as such): left alone, and the report says so.
it.each(['#line 1 "other.c"', '# 1 "other.c"'])(
  'after %s: not analysed, with a reason',
  async (d) => {
    const source = kernel(d);
    const report = await reportOf(source);
    expect(report.arrays).toEqual([]);
    expect(report.diagnostics.map((x) => x.code)).toContain(codeOf('line-directive-other-file'));
    expect(await contract(source, 'line.c')).toBe(source);
  },
);

// Guards the compiled result: __LINE__ after the rewrite of a file that had a #line is the
// original's, and the program computes what it did.
it('a file with a #line computes the same and prints the same __LINE__ once contracted', async () => {
  const source = kernel('#line 40');
  const out = await contract(source, 'line.c');
  expect(out).not.toBe(source);
  const [before, after] = [await compileAndRun('line', source), await compileAndRun('line', out)];
  expect(before.stdout).toBe('72 47\n');
  expect(after).toEqual(before);
  const twice = await contract(out, 'line.c');
  expect(twice).toBe(out);
}, 60_000);

const markers = (source: string) =>
  physicalMarkers(preprocessorOutput(source, 'line.c'), source, 'line.c')
    .split('\n')
    .filter((l) => l.endsWith('"<stdin>"'));
const ELEVEN_LINES = 'int a;\n' + '\n'.repeat(10);

// Guards the reading of markers: the preprocessor's own marker (blank lines skipped) and a
// directive's can give the same number; a guess would shift every line after. The text that
// follows tells them apart when it can; when it cannot, the file is refused.
it.each([
  [
    'the resumed numbering, then the directive',
    `${ELEVEN_LINES}int b;\n#line 12\nint c;\n`,
    ['# 0 "<stdin>"', '# 1 "<stdin>"', '# 12 "<stdin>"', '# 14 "<stdin>"'],
  ],
  ['two readings of the same text', `${ELEVEN_LINES}int b;\n#line 12\nint b;\n`, undefined],
  ['a #line spelled with a macro', '#define L 5\n#line L\nint c;\n', undefined],
  // (codec2's fdmdv.c contracted: the preprocessor's own marker before a `#define` after a
  // comment block, `-dD`'s line next, was taken for neither reading and the file refused)
  [
    "the preprocessor's own marker before a #define",
    `#line 1\n${ELEVEN_LINES}/* a comment */\n#define K \\\n  1\nint b = K;\n`,
    ['# 0 "<stdin>"', '# 1 "<stdin>"', '# 2 "<stdin>"', '# 14 "<stdin>"'],
  ],
  [
    "the preprocessor's own marker before an #undef",
    `#line 1\n${ELEVEN_LINES}#undef K\nint b;\n`,
    ['# 0 "<stdin>"', '# 1 "<stdin>"', '# 2 "<stdin>"', '# 13 "<stdin>"'],
  ],
  // (passes without the fix: a guard's `#line` before a #define stays the directive's)
  [
    "a guard's #line before a #define",
    'int a;\n#if 1\n#endif\n#line 2\n#define FOO 1\nint b = FOO;\n',
    ['# 0 "<stdin>"', '# 1 "<stdin>"', '# 5 "<stdin>"'],
  ],
  // (adversary 2026-11-29c: K's expansion is the text after a skipped `#line 16`, the line K
  // stands on is not: the directive was taken, every line after read 12 lines early, and the
  // rewrite edited a skipped copy of a function, live without -DX, for the live one)
  [
    "a macro whose expansion is the skipped directive's next line",
    `#define K int b;\n#if 0\n#line 16\nint b;\n#endif\n${'\n'.repeat(10)}K\n`,
    undefined,
  ],
  // (the same: after an include's return the preprocessor's marker for line 31 comes before
  // a blank line, and the skipped `#line 31` was taken for it)
  [
    'a skipped directive numbering the next line with tokens, before a blank line',
    `#include <stdio.h>\n#define K int b;\n#if 0\n#line 31\nint b;\n${'int c;\n'.repeat(8)}#endif\n${'\n'.repeat(16)}K\n`,
    undefined,
  ],
])('%s', (_, source, expected) => {
  if (expected) expect(markers(source)).toEqual(expected);
  else expect(() => markers(source)).toThrow(InputError);
});

// Guards the rewrite's own `#line`s in a file with a #line: each gave the next line its
// physical number (multi.c after a `#line 200`: main() printed __LINE__ 82 for 257), where
// the compiler numbers it from the file's directive.
it('the #line after each guard gives the number the file had', async () => {
  const lines = readFileSync('samples/multi.c', 'latin1').split('\n');
  const at = lines.indexOf('#endif') + 1;
  const print = lines.findIndex((l) => l.includes('printf(')) + 1;
  lines.splice(print, 0, '    printf("line %d\\n", __LINE__);');
  lines.splice(at, 0, '#line 200');
  const source = lines.join('\n');
  const out = await contract(source, 'samples/multi.c');
  expect(out.match(/^#line \d+$/gm)!.length).toBeGreaterThan(1);
  const [before, after] = [await compileAndRun('multi', source), await compileAndRun('multi', out)];
  expect(before.stdout).toMatch(/line 257/);
  expect(after).toEqual(before);
  expect(await contract(out, 'samples/multi.c')).toBe(out);
}, 60_000);

// Guards the markers of a system header's macro (`assert`): gcc writes the calling line's
// marker again between the macro's tokens (`# 48 "<stdin>" 3 4`, `# 48 "<stdin>"`), and
// the second was taken for neither the preprocessor's own nor a directive: every file with
// a #line and an assert was refused.
it('a file with a #line and an assert is read, and its assert keeps its line', async () => {
  const source = kernel('#line 40').replace(
    'int main(void) {',
    '#include <assert.h>\nint main(void) { assert(__LINE__ > 1);',
  );
  const out = await contract(source, 'line.c');
  expect(out).not.toBe(source);
  const [before, after] = [await compileAndRun('line', source), await compileAndRun('line', out)];
  expect(after).toEqual(before);
}, 60_000);
