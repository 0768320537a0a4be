/**
 * The paper's running example end to end: Levinson-Durbin with fully expanded
 * temporaries, contracted as its analysis says (y by (i, k mod 2) or the optimal
 * (2i + k) mod 197; sum, alpha and beta scalars), against the original's output and the
 * owner check; and one wrong fold (y by i alone) that the check must catch.
 */
import type { ArrayRewrite, RewritePlan, RowForm } from '../../src/rewrite/plan.js';
import { instrument } from '../../src/rewrite/instrument.js';
import { rewrite } from '../../src/rewrite/rewrite.js';
import { compileAndRun } from './compileRun.js';
import { rangeOf } from './locate.js';
import { row, scanAccesses, within } from './planBuilder.js';

const DURBIN = `#include <stdio.h>
#define N 100

static void kernel_durbin(const double r[N], double out[N])
{
    double y[N][N];
    double sum[N][N];
    double alpha[N];
    double beta[N];
    int i, k;

    y[0][0] = r[0];
    beta[0] = 1.0;
    alpha[0] = r[0];
    for (k = 1; k < N; k++) {
        beta[k] = beta[k - 1] - alpha[k - 1] * alpha[k - 1] * beta[k - 1];
        sum[0][k] = r[k];
        for (i = 0; i <= k - 1; i++)
            sum[i + 1][k] = sum[i][k] + r[k - i - 1] * y[i][k - 1];
        alpha[k] = -sum[k][k] * beta[k];
        for (i = 0; i <= k - 1; i++)
            y[i][k] = y[i][k - 1] + alpha[k] * y[k - i - 1][k - 1];
        y[k][k] = alpha[k];
    }
    for (i = 0; i < N; i++)
        out[i] = y[i][N - 1];
}

int main(void)
{
    double r[N];
    double out[N];
    double checksum = 0.0;
    int i;

    for (i = 0; i < N; i++)
        r[i] = 0.5 / ((i + 1) * (i + 2)) + ((i * 7) % 5) * 0.001;
    kernel_durbin(r, out);
    for (i = 0; i < N; i++)
        checksum += out[i] * (1.0 + (i % 13) * 0.125);
    printf("checksum %.6f\\n", checksum);
    return 0;
}
`;

const BODY = DURBIN.indexOf('int i, k;');

function array(
  name: string,
  declarator: string,
  extents: string[],
  rows: RowForm[],
  ranges: (indexTexts: string[]) => ReturnType<typeof within>[],
): ArrayRewrite {
  return {
    name,
    declaratorRange: rangeOf(DURBIN, declarator),
    declarationRange: rangeOf(DURBIN, `double ${declarator};`),
    rows,
    accesses: scanAccesses(DURBIN, name, BODY, ranges),
    extentTexts: extents,
  };
}

function scalar(name: string, declarator: string, extents: string[]): ArrayRewrite {
  return array(name, declarator, extents, [], () => []);
}

const SCALARS = [
  scalar('sum', 'sum[N][N]', ['N', 'N']),
  scalar('alpha', 'alpha[N]', ['N']),
  scalar('beta', 'beta[N]', ['N']),
];

function plan(y: ArrayRewrite): RewritePlan {
  return { source: DURBIN, arrays: [y, ...SCALARS], modulo: 'exact', annotate: false };
}

// Every y index here lies in [0, N): the first row copies i into its own extent; the
// values of k, k - 1, N - 1 and of 2i + k are all >= 0 (at most 2 * 99 + 99).
const simpleY = array('y', 'y[N][N]', ['N', 'N'], [row([1, 0], 'N', 100), row([0, 1], 2)], (x) => [
  { withinModulus: true },
  x[1] === '0' ? within(0, 0) : within(0, 99),
]);
const optimalY = array('y', 'y[N][N]', ['N', 'N'], [row([2, 1], 197)], () => [within(0, 297)]);
const wrongY = array('y', 'y[N][N]', ['N', 'N'], [row([1, 0], 'N', 100)], () => [
  { withinModulus: true },
]);

describe('durbin', () => {
  test('the contracted text of the simple fold', () => {
    const text = rewrite(plan(simpleY)).text;
    expect(text).toContain(
      '    double y[N][2];\n    double sum;\n    double alpha;\n    double beta;\n',
    );
    expect(text).toContain(
      '            y[i][k % 2] = y[i][(k - 1) % 2] + alpha * y[k - i - 1][(k - 1) % 2];',
    );
    expect(text).toContain('        out[i] = y[i][(N - 1) % 2];');
    expect(text).toContain('    y[0][0] = r[0];');
  });

  test.each([
    ['(i, k mod 2)', simpleY],
    ['(2i + k) mod 197', optimalY],
  ])('%s: same checksum, owner check passes', async (_, y) => {
    const p = plan(y);
    const [original, contracted, checked] = await Promise.all([
      compileAndRun('durbin', DURBIN),
      compileAndRun('durbin-contracted', rewrite(p).text),
      compileAndRun('durbin-checked', instrument({ ...p, fileName: 'durbin.c' }).text),
    ]);
    expect(original.code).toBe(0);
    expect(original.stdout).toMatch(/^checksum -?[0-9.]+\n$/);
    expect(contracted).toEqual(original);
    expect(checked).toEqual(original);
  });

  test('y by i alone is caught with the cells and their difference', async () => {
    const checked = await compileAndRun(
      'durbin-wrong',
      instrument({ ...plan(wrongY), fileName: 'durbin.c' }).text,
    );
    expect(checked.code).toBe(97);
    // At k = 2, i = 1 the statement reads y[0][1] (as y[k - i - 1][k - 1]), whose slot
    // y[0] took y[0][2] at i = 0.
    expect(checked.stderr.trim()).toBe(
      'durbin.c:22: beeclak check: clobbered read of y[0][1]: slot last written for y[0][2] (difference [0, -1])',
    );
  });
});
