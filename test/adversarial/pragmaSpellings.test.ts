/**
 * A pragma in each of C's spellings (src/model/pragmas.ts) must be decided on as the plain
 * `#pragma` line is: OpenMP and OpenACC constructs refuse the arrays they use, a beeclak
 * promise makes a parameter a temporary, an HLS DEPENDENCE pragma keeps its array.
 *
 * Two readings: the compiler's (`cc -E` spells every form `#pragma`, so it was right
 * before) and the built-in one (`compiler: false`, also taken when no compiler is found),
 * which reads the file's own text: there a spelling tree-sitter cannot parse (`%:`,
 * `_Pragma` before a statement) refuses the whole file, never another decision.
 */
import { analyze, contract } from '../../src/index.js';
import { pragmaAt, pragmasIn } from '../../src/model/pragmas.js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ROOT } from '../helpers/cli.js';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SPELLINGS: readonly [string, (body: string) => string][] = [
  ['#pragma', (b) => `#pragma ${b}`],
  ['#  pragma', (b) => `#  pragma ${b}`],
  ['indented #\\tpragma', (b) => `  #\tpragma ${b}`],
  ['a comment after pragma', (b) => `#pragma /* c */ ${b}`],
  ['a comment after #', (b) => `# /* c */ pragma ${b}`],
  ['a line splice before the body', (b) => `#pragma \\\n  ${b}`],
  ['%:pragma', (b) => `%:pragma ${b}`],
  ['%: pragma', (b) => `%: pragma ${b}`],
  ['_Pragma("")', (b) => `_Pragma("${b}")`],
  ['_Pragma(L"")', (b) => `_Pragma(L"${b}")`],
];

/** t is one cell per iteration as an array; a loop run in parallel shares a contracted cell. */
const PARALLEL = (pragma: string) => `#include <stdio.h>
#define N 64
double out[N];
void f(const double *a) {
  double t[N];
${pragma}
  for (int i = 0; i < N; i++) {
    t[i] = a[i] * 2.0;
    out[i] = t[i] + 1.0;
  }
}
`;

/** tmp is a parameter: only the promise makes it a temporary (contracted to 8 cells). */
const PROMISE = (pragma: string) => `#define N 8
void kernel(double A[N][N], double tmp[N][N], double out[N]) {
${pragma}
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) tmp[i][j] = A[i][j] + 1.0;
    out[i] = 0.0;
    for (int j = 0; j < N; j++) out[i] += tmp[i][j];
  }
}
`;

const KINDS = [
  { kind: 'omp parallel for', program: PARALLEL, array: 't' },
  { kind: 'acc parallel loop', program: PARALLEL, array: 't' },
  { kind: 'beeclak temporary(tmp)', program: PROMISE, array: 'tmp' },
];

type Reading = 'compiler' | 'builtin';

/** The decision on the array, positions left out (a line splice moves the lines below). */
async function decision(source: string, array: string, reading: Reading): Promise<string> {
  try {
    const report = await analyze(source, {
      file: 'spelling.c',
      ...(reading === 'builtin' ? { compiler: false as const } : {}),
    });
    const a = report.arrays.find((x) => x.name === array)!;
    const { status, reason, compressedCells, mapping } = a;
    return JSON.stringify({ status, reason, compressedCells, mapping }).replace(
      /\b\d+:\d+\b/g,
      'L:C',
    );
  } catch (e) {
    return `refused: ${(e as Error).message}`;
  }
}

const table = SPELLINGS.flatMap(([spelling, spell]) =>
  KINDS.flatMap((k) =>
    (['compiler', 'builtin'] as const).map((reading) => ({ spelling, spell, reading, ...k })),
  ),
).filter((r) => r.spelling !== '#pragma');

// Guards the one recogniser of src/model/pragmas.ts: on 4e1b2a8 the built-in reading took
// `#pragma \ omp parallel for` (a splice) and `#pragma /* c */ omp ...` for no parallel
// pragma and scalarized t, shared by the threads (a wrong sum at -O0 with 2 threads), and
// dropped the promise `#  pragma beeclak ...` (and the spliced and commented ones) silently.
describe('a pragma in every spelling is decided on as #pragma is', () => {
  // The plain #pragma's decision, once per kind and reading (not once per spelling).
  const plain = new Map<string, Promise<string>>();
  const plainDecision = (r: (typeof table)[number]) => {
    const key = `${r.kind} ${r.reading}`;
    if (!plain.has(key))
      plain.set(key, decision(r.program(`#pragma ${r.kind}`), r.array, r.reading));
    return plain.get(key)!;
  };
  it.each(table)('$kind as $spelling ($reading reading)', async (r) => {
    const expected = await plainDecision(r);
    expect(expected).toMatch(/^\{"status":"(unchanged|contracted)"/);
    const got = await decision(r.program(r.spell(r.kind)), r.array, r.reading);
    if (r.reading === 'builtin' && got.startsWith('refused: ')) {
      // Only for what tree-sitter cannot parse: the whole file, not another decision.
      expect(r.spelling).toMatch(/%:|_Pragma|comment after #/);
      expect(got).toMatch(/syntax error/);
    } else expect(got).toBe(expected);
  });
});

/** y is contracted unless a DEPENDENCE pragma promises the HLS tool it has no dependence. */
const HLS = (pragma: string) => `#define N 16
void top(const int in[N], int out[N]) {
  int y[N];
${pragma}
  for (int i = 0; i < N; i++) {
    y[i] = in[i] * 3;
    out[i] = y[i] + 1;
  }
}
`;

// Guards src/frontend/hlsPragmas.ts, which reads the file's own text in both readings: on
// 4e1b2a8 it knew `#pragma HLS` lines only, so `%:pragma HLS DEPENDENCE ... false` or its
// `_Pragma` form did not keep y unchanged.
describe('an HLS pragma in every spelling is decided on as #pragma is', () => {
  const body = 'HLS DEPENDENCE variable=y inter false';
  const run = async (pragma: string) => {
    const { report } = await contract(HLS(pragma), { file: 'hls.c', hls: true });
    const y = report.arrays.find((a) => a.name === 'y')!;
    return `${y.status}: ${(y.reason ?? '').replace(/'[^']*' \(line \d+\)/, 'PRAGMA')}`;
  };
  // The plain #pragma's decision, once (not once per spelling).
  let plain: Promise<string> | undefined;
  it.each(SPELLINGS.filter(([s]) => s !== '#pragma'))('%s', async (_s, spell) => {
    const expected = await (plain ??= run(`#pragma ${body}`));
    expect(expected).toMatch(/^unchanged: PRAGMA promises the HLS tool no dependence/);
    expect(await run(spell(body))).toBe(expected);
  });
});

// Guards the recogniser itself (src/model/pragmas.ts, new with the fix): a line splice is
// removed, not a blank (`omp\` + `for` at column 0 is `ompfor`); comments are blanks, also
// across lines; `_Pragma` is destringized.
describe('pragmaAt: the body as the compiler reads it', () => {
  it.each([
    ['#pragma omp parallel for', 'omp parallel for'],
    ['  %:  pragma omp for', 'omp for'],
    ['#pra\\\ngma omp for', 'omp for'],
    ['#pragma omp\\\nfor', 'ompfor'],
    ['#pragma omp\\\n  for', 'omp for'],
    ['#pragma\\\nomp for', undefined],
    ['#pragmax omp', undefined],
    ['# /* a\nb */ pragma /* c */ omp // d\n', 'omp'],
    ['_Pragma ( L"omp for" )', 'omp for'],
    ['_Pragma("message(\\"a\\\\\\\\b\\")")', 'message("a\\\\b")'],
    ['_Pragma(omp)', undefined],
  ])('%j -> %j', (text, body) => {
    expect(pragmaAt(text)?.body).toBe(body);
  });
});

// Guards src/frontend/conditionals.ts (conditional directives by directiveName): on
// 4e1b2a8 a function whose branches were spelled `%:ifdef` got no configuration guard, and
// its result compiled with -DBIG (the branch the analysis did not see) summed reused cells:
// a garbage value instead of 14108.000000. Now that build stops at the guard's #error.
it('%:ifdef branches inside a contracted function get the configuration guard', async () => {
  const source = readFileSync(path.join(ROOT, 'test/fixtures/spellings/digraph-ifdef.c'), 'utf8');
  const { code } = await contract(source, { file: 'digraphs.c' });
  expect(code).toMatch(/double t\[3\];/);
  const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-digraphs-'));
  try {
    writeFileSync(path.join(dir, 'out.c'), code);
    const r = spawnSync(process.env.CC ?? 'cc', ['-DBIG', '-fsyntax-only', 'out.c'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect({ status: r.status, error: /#error "beeclak: arrays of f\(\)/.test(r.stderr) }).toEqual({
      status: 1,
      error: true,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Guards the line ends of conditionals.ts: a `//` comment continued by a line splice shifted
// every later "line ends in a comment" entry by one (review 2026-11-26), so `#ifdef BIG` was
// joined with the code line after it, its branch looked empty and got no #error; built with
// -DBIG the result indexed past its 2 cells. Now that build stops at the guard.
it('a // comment continued on the next line does not shift the guard of a later #ifdef', async () => {
  const source = readFileSync(
    path.join(ROOT, 'test/fixtures/spellings/continued-line-comment.c'),
    'utf8',
  );
  const { code } = await contract(source, { file: 'continued.c' });
  const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-continued-'));
  try {
    writeFileSync(path.join(dir, 'out.c'), code);
    const r = spawnSync(process.env.CC ?? 'cc', ['-DBIG', '-fsyntax-only', 'out.c'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect({ status: r.status, error: /#error "beeclak: arrays of f\(\)/.test(r.stderr) }).toEqual({
      status: 1,
      error: true,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Guards literalEnd (pragmas.ts): an unclosed quote ran past its line break, so the next
// line was read as part of the pragma before it and an OpenMP pragma there went unseen.
it('a pragma after a line with an unclosed quote is still a pragma', () => {
  const bodies = pragmasIn("#pragma foo'x\n#pragma omp parallel for\nint x;\n").map((p) => p.body);
  expect(bodies).toEqual(["foo'x", 'omp parallel for']);
});
