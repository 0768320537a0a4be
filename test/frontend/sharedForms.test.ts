/**
 * Equal affine forms and constraints of a unit's models are one object
 * (src/frontend/sharedForms.ts, issue 29 item 3), and sharing changes no value: the model of
 * every function reads the same before and after, and a form that is not exactly
 * `{ coeffs, constant }` over a name record (another key order, an extra member) keeps its
 * own object. Guards against a shared form that differs from the one it replaces (a form of
 * another key order read as equal would print its terms in another order).
 */
import { buildCompilerModel } from '../../src/frontend/compilerView.js';
import { formTable, withSharedForms } from '../../src/frontend/sharedForms.js';
import type { Affine } from '../../src/poly/affine.js';
import { nameRecord } from '../../src/poly/nameRecord.js';
import type { FunctionModel } from '../../src/model/types.js';

const KERNEL = (k: number) => `
void kernel${k}(const double in[16][16], double out[16])
{
    double tmp[16][16];
    int i, j;
    for (i = 0; i < 16; i++)
        for (j = 0; j < 16; j++)
            tmp[i][j] = in[i][j] * 2.0;
    for (i = 0; i < 16; i++)
        out[i] = tmp[i][15 - i] + tmp[15 - i][i];
}
`;

const form = (entries: [string, bigint][], constant: bigint): Affine => ({
  coeffs: nameRecord(entries),
  constant,
});

function modelOf(text: string): FunctionModel[] {
  return [...buildCompilerModel(text, 'shared.c').model.functions];
}

test('the models of two alike kernels share their forms and read as before', () => {
  const functions = modelOf(KERNEL(0) + KERNEL(1));
  expect(functions).toHaveLength(2);
  const [a, b] = functions;
  // Same loops, same subscripts: the same objects.
  expect(a!.statements[0]!.domain.pieces[0]!.constraints[0]).toBe(
    b!.statements[0]!.domain.pieces[0]!.constraints[0],
  );
  expect(a!.statements[0]!.accesses[0]!.subscripts[0]).toBe(
    b!.statements[0]!.accesses[0]!.subscripts[0],
  );
  expect(a!.statements[1]!.schedule[0]).toBe(b!.statements[1]!.schedule[0]);
  // Sharing again changes nothing a later stage reads.
  const again = functions.map((f) => withSharedForms(f, formTable()));
  expect(again).toEqual(functions);
  expect(JSON.stringify(again, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).toBe(
    JSON.stringify(functions, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)),
  );
});

test('only forms equal in kind, order and members are one object', () => {
  const t = formTable();
  const fn = (forms: Affine[]): FunctionModel =>
    ({
      name: 'f',
      loc: { line: 1, column: 1 },
      range: { start: 0, end: 0 },
      parameters: [],
      context: forms.map((expr) => ({ kind: 'ge' as const, expr })),
      arrays: [],
      statements: [],
      diagnostics: [],
    }) satisfies FunctionModel;
  const ij = form(
    [
      ['i', 1n],
      ['j', 2n],
    ],
    3n,
  );
  const rows: [string, Affine, boolean][] = [
    [
      'equal',
      form(
        [
          ['i', 1n],
          ['j', 2n],
        ],
        3n,
      ),
      true,
    ],
    [
      'another key order',
      form(
        [
          ['j', 2n],
          ['i', 1n],
        ],
        3n,
      ),
      false,
    ],
    [
      'another constant',
      form(
        [
          ['i', 1n],
          ['j', 2n],
        ],
        4n,
      ),
      false,
    ],
    [
      'a zero coefficient more',
      form(
        [
          ['i', 1n],
          ['j', 2n],
          ['k', 0n],
        ],
        3n,
      ),
      false,
    ],
    ['a plain object', { coeffs: { i: 1n, j: 2n }, constant: 3n }, false],
    [
      'a member more',
      {
        ...form(
          [
            ['i', 1n],
            ['j', 2n],
          ],
          3n,
        ),
        note: 1,
      } as Affine,
      false,
    ],
    [
      'names that run together',
      form(
        [
          ['i', 1n],
          ['j', 2n],
        ],
        3n,
      ),
      true,
    ],
  ];
  const first = withSharedForms(fn([ij]), t).context[0]!.expr;
  expect(first).toBe(ij);
  for (const [what, f, shared] of rows) {
    const got = withSharedForms(fn([f]), t).context[0]!.expr;
    expect([what, got === ij]).toEqual([what, shared]);
    expect(got).toEqual(f);
  }
  // A name with the separator's characters in it is no other name's prefix.
  const odd = form([['a 1:b', 1n]], 0n);
  const plain = form(
    [
      ['a', 1n],
      ['b', 1n],
    ],
    0n,
  );
  expect(withSharedForms(fn([odd]), t).context[0]!.expr).toBe(odd);
  expect(withSharedForms(fn([plain]), t).context[0]!.expr).toBe(plain);
});
