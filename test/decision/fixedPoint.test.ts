/**
 * A contracted file is a fixed point of `contract`: the pre-commit hook runs on every commit,
 * so a second run over its own output that changes the file again changes it on the next
 * commit too. Each row is a program whose second run changed it; fixedPoint.long.test.ts runs
 * the same check over every sample, fixture and adversarial program.
 */
import { contract } from '../../src/index.js';
import { codeOf } from '../../src/model/reasons.js';
import { callOf, type Run } from './referenceReports.js';

const twice = async (run: Run) => {
  const { source, options } = callOf(run);
  const first = await contract(source, options);
  const second = await contract(first.code, options);
  return { first, second };
};

describe('contract(contract(x)) == contract(x)', () => {
  it.each([
    // The second run over `double t[m]` (the first run's symbolic result, m = 30 at the only
    // call) took t[30] (t[32] with --modulo pow2) for a saving: no cell was saved.
    ['default', 'samples/vla.c'],
    ['pow2', 'samples/vla.c'],
    // t[300] became t[299] with beeclak_mod in the loop, and each run over the output took
    // one cell more (298, 297, ...), nesting beeclak_mod: now t stays (BC1310).
    ['default', 'test/adversarial/programs/typedef-hidden-by-local.c'],
    ['default', 'test/adversarial/programs/typedef-hidden-by-same-name.c'],
    // The second run wrote the configuration guard after post() (`#ifdef DEBUG / #error`) again.
    ['default', 'test/fixtures/configuration/ifdef-in-reader.c'],
  ])('%s %s', async (variant, file) => {
    const { first, second } = await twice({ variant, file });
    expect(second.code).toBe(first.code);
  });

  // Guards against the second run taking t[30] for t[m]: the reason it gives instead.
  it("vla.c's t[m], read again, is no saving (BC1301)", async () => {
    const { second } = await twice({ variant: 'default', file: 'samples/vla.c' });
    const t = second.report.arrays.find((a) => a.name === 't')!;
    expect([t.status, t.code]).toEqual(['unchanged', codeOf('no-saving')]);
  });
});

// Guards the guard after a function added again by a run over a file that has it (a second
// run that contracted anything in the function wrote a second copy of `#if N != 8 ...`).
it('a guard already after the function is not written again', async () => {
  const source = [
    '#ifndef N',
    '#define N 8',
    '#endif',
    'double k(const double *in)',
    '{',
    '    double t[N][N];',
    '    double s = 0;',
    '    int i, j;',
    '    for (i = 0; i < N; i++)',
    '        for (j = 0; j <= i; j++)',
    '            t[i][j] = in[i] * in[j];',
    '    for (i = 0; i < N; i++)',
    '        for (j = 0; j <= i; j++)',
    '            s += t[i][j] * t[i][i - j];',
    '    return s;',
    '}',
    '',
  ].join('\n');
  const first = await contract(source, { file: 'k.c' });
  const guard = '#if N != 8\n';
  expect(first.code.split(guard).length).toBe(2);
  // The same file with a second array to contract in k() (the first is contracted already).
  const more = first.code
    .replace('    double s = 0;\n', '    double s = 0;\n    double u[N];\n')
    .replace(
      '    return s;\n',
      '    for (i = 0; i < N; i++) {\n        u[i] = in[i];\n        s += u[i];\n    }\n    return s;\n',
    );
  const second = await contract(more, { file: 'k.c' });
  expect(second.report.arrays.find((a) => a.name === 'u')?.status).toBe('scalarized');
  expect(second.code.split(guard).length).toBe(2);
});
