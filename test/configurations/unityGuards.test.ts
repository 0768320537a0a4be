/**
 * The merge of the readings of a file several units include (src/pipeline/configurations/
 * unityGuards.ts), on texts written by hand: which guard lines it turns, and which readings
 * it refuses. The programs built and run are test/cli/unityGuards.test.ts's.
 */
import { mergedReadings, type HostReading } from '../../src/pipeline/configurations/unityGuards.js';
import { emptyReport, type ArrayReport } from '../../src/pipeline/report.js';

const CODE = ['static double f(void) {', '  double t[2];', '  return 0;', '}'];

/** A local array contracted: a result that rests on the function's text and macros only. */
const local = {
  ...emptyReport('kern.c'),
  arrays: [
    { name: 't', function: 'f', status: 'contracted', storage: 'stack', warnings: [] },
  ] as unknown as ArrayReport[],
};

/** A reading: the code with `guard` after the function (its lines marked as guards). */
function reading(host: string, guard: readonly string[], eol = '\n'): HostReading {
  const lines = [...CODE, ...guard, ''];
  return {
    host,
    text: lines.join(eol),
    guardLines: guard.map((_, k) => CODE.length + k),
    report: local,
  };
}

const guardN = (n: number) => [
  `#if N != ${n}`,
  `#error "beeclak: arrays of f() were contracted for N == ${n}; run beeclak again for other values"`,
  '#endif',
];

describe('one text for the readings of several includers', () => {
  // Guards the turn of each reading's #error into its own "not this one" macro and the one
  // check at the end (the file was kept when the guards differed), and the check before the
  // first guard that no such macro is defined already (an includer's own was #undef'd).
  it("keeps each reading's guard, each #error a #define, and one check at the end", () => {
    const m = mergedReadings('kern.c', [reading('a.c', guardN(8)), reading('b.c', guardN(16))]);
    expect('text' in m && m.text.split('\n')).toEqual([
      ...CODE,
      '#if defined(BEECLAK_NOT_kern_c_READING_1) || defined(BEECLAK_NOT_kern_c_READING_2)',
      expect.stringMatching(/^#error "beeclak: /),
      '#endif',
      '#if N != 8',
      '#define BEECLAK_NOT_kern_c_READING_1 1',
      '#endif',
      '#if N != 16',
      '#define BEECLAK_NOT_kern_c_READING_2 1',
      '#endif',
      expect.stringMatching(/^\/\* beeclak: /),
      '#if defined(BEECLAK_NOT_kern_c_READING_1) && defined(BEECLAK_NOT_kern_c_READING_2)',
      expect.stringMatching(/^#error "beeclak: .* a\.c, b\.c /),
      '#endif',
      '#undef BEECLAK_NOT_kern_c_READING_1',
      '#undef BEECLAK_NOT_kern_c_READING_2',
      '',
    ]);
  });

  // Guards the check at the end: readings with the same guards share one macro, and the
  // check names only macros some guard defines (one never defined would let every build by).
  it('gives readings with the same guards one macro', () => {
    const m = mergedReadings('kern.c', [
      reading('a.c', guardN(8)),
      reading('b.c', guardN(16)),
      reading('c.c', guardN(8)),
    ]);
    const text = 'text' in m ? m.text : '';
    const defined = [...text.matchAll(/#define (\w+) 1/g)].map((x) => x[1]);
    const checked = [
      ...(/#if (defined.*&&.*)/.exec(text)?.[1] ?? '').matchAll(/defined\((\w+)\)/g),
    ];
    expect(defined).toEqual(['BEECLAK_NOT_kern_c_READING_1', 'BEECLAK_NOT_kern_c_READING_2']);
    expect(checked.map((x) => x[1])).toEqual(defined);
  });

  // Guards the line endings: a CRLF file's added lines end in CRLF too.
  it('writes CRLF where the file has it', () => {
    const m = mergedReadings('kern.c', [
      reading('a.c', guardN(8), '\r\n'),
      reading('b.c', guardN(16), '\r\n'),
    ]);
    expect(
      'text' in m &&
        m.text.split('\n').every((l, k, all) => k === all.length - 1 || l.endsWith('\r')),
    ).toBe(true);
  });

  // Guards the merge's scope: what it turns or drops must only stop builds, never change
  // what they compile.
  it.each([
    ['a guard that defines a macro', ['#define N 8']],
    ['an #error outside any conditional', [guardN(8)[1]!]],
    ['an #if never closed', ['#if N != 8', guardN(8)[1]!]],
    ['an #error of the file, not beeclak', ['#if N != 8', '#error "N must be 8"', '#endif']],
  ])('refuses %s', (_, guard) => {
    const m = mergedReadings('kern.c', [reading('a.c', guard), reading('b.c', guardN(16))]);
    expect(m).toEqual({ why: expect.stringMatching(/more than conditionals/), host: 'a.c' });
  });

  // Guards the code's sameness: a guard line the reading does not mark is code, and differs.
  it('refuses readings whose code differs', () => {
    const unmarked = { ...reading('b.c', guardN(16)), guardLines: [] };
    const m = mergedReadings('kern.c', [reading('a.c', guardN(8)), unmarked]);
    expect(m).toEqual({ why: expect.stringMatching(/code otherwise/), host: 'b.c' });
  });

  // Guards the merge's scope: a parameter's result rests on its includer's calls.
  it('refuses a result that rests on the includer', () => {
    const parameter = {
      ...local,
      arrays: local.arrays.map((a) => ({ ...a, storage: 'parameter' as const })),
    };
    const a = { ...reading('a.c', guardN(8)), report: parameter };
    const m = mergedReadings('kern.c', [a, reading('b.c', guardN(16))]);
    expect(m).toEqual({
      why: expect.stringMatching(/parameter array/),
      host: 'b.c',
      rest: [{ function: 'f', array: 't', line: undefined, why: expect.any(String) }],
    });
  });
});
