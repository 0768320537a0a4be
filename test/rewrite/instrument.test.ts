import { instrument } from '../../src/rewrite/instrument.js';
import { RewriteError } from '../../src/rewrite/plan.js';
import { modHelperDefinition } from '../../src/rewrite/rewrite.js';
import { makePlan, row, within, type ArraySpec } from './planBuilder.js';

const SOURCE =
  '#include <stdio.h>\nvoid f(int n) {\n  double y[n][n];\n  y[i][k] = y[i][k - 1];\n}\n';

function spec(overrides: Partial<ArraySpec> = {}): ArraySpec {
  return {
    name: 'y',
    declarator: 'y[n][n]',
    declaration: 'double y[n][n];',
    extents: ['n', 'n'],
    rows: [row([0, 1], 2)],
    accesses: [
      { at: 'y[i][k]', ranges: [within(0)], kind: 'write', statement: 'y[i][k] = y[i][k - 1];' },
      { at: 'y[i][k - 1]', ranges: [within(0)], kind: 'read' },
    ],
    ...overrides,
  };
}

function instrumented(s: ArraySpec): string {
  return instrument({ ...makePlan(SOURCE, [s]), fileName: 'k.c' }).text;
}

describe('instrumentation text', () => {
  // Guards the order of reads and writes in one statement: writes must be queued and
  // committed at the statement's end, whatever order the compiler evaluates `=` in.
  test('a statement with a write ends with a commit, its write is queued (kind 2 | 4)', () => {
    const text = instrumented(spec());
    expect(text).toMatch(
      /, "y", 4, 6, 1, 1UL\)\) = \(\*.*, "y", 4, 1, 1, 1UL\)\), beeclak_commit\(\);\n/,
    );
  });

  test('without the statement range a write takes effect at once (kind 2)', () => {
    const s = spec();
    const text = instrumented({
      ...s,
      accesses: [{ ...s.accesses[0]!, statement: undefined }, s.accesses[1]!],
    });
    expect(text).toContain('"y", 4, 2, 1, 1UL))');
    expect(text).not.toContain('beeclak_commit();\n}');
  });

  test('shadow and extents declared right after the array, on the same line', () => {
    const text = instrumented(spec());
    expect(text).toContain(
      '  double y[2]; long beeclak_own_y[2] = {0}; const long __attribute__((unused)) beeclak_ext_y[2] = { (long)(n), (long)(n) };\n',
    );
  });

  test('a run-time modulus makes a cleared VLA shadow (no initializer allowed)', () => {
    const text = instrumented(
      spec({
        rows: [row([1, 0], 'n')],
        accesses: [
          { at: 'y[i][k]', ranges: [{ withinModulus: true }], kind: 'write' },
          { at: 'y[i][k - 1]', ranges: [{ withinModulus: true }], kind: 'read' },
        ],
      }),
    );
    expect(text).toContain(
      'long beeclak_own_y[n]; char __attribute__((unused)) beeclak_init_y = beeclak_clear((long *)&beeclak_own_y, sizeof beeclak_own_y);',
    );
  });

  test('a scalar gets a single owner variable', () => {
    const text = instrumented(
      spec({ rows: [], accesses: [{ at: 'y[i][k]', ranges: [], kind: 'readwrite' }] }),
    );
    expect(text).toContain('double y; long beeclak_own_y = {0};');
    expect(text).toContain('(*(__typeof__(&y))beeclak_access(&y, &y, sizeof(y),');
  });

  test('line numbers of the original are restored after the prelude', () => {
    const text = instrumented(spec());
    expect(text).toMatch(/\n#line 2 "k.c"\nvoid f\(int n\) \{\n/);
  });

  test('refuses an access without its kind (a write taken for a read would be a false report)', () => {
    const s = spec();
    const plan = makePlan(SOURCE, [s]);
    const [first, ...rest] = plan.arrays[0]!.accesses;
    const { kind: _, ...noKind } = first!;
    const arrays = [{ ...plan.arrays[0]!, accesses: [noKind, ...rest] }];
    expect(() => instrument({ ...plan, arrays, fileName: 'k.c' })).toThrow(/no kind/);
  });

  // Guards `check` of a file contracted before (it defines beeclak_mod itself): the owner
  // build defined the helper a second time and did not compile.
  test('a file that defines the mod helper gets no second definition', () => {
    const helper = modHelperDefinition();
    const source = `${helper}\n${SOURCE}`;
    const s = spec({
      accesses: spec().accesses.map((a) => ({ ...a, ranges: [within()] })),
    });
    const text = instrument({ ...makePlan(source, [s]), fileName: 'k.c' }).text;
    expect(text).toContain('beeclak_mod(');
    expect(text.split(' long beeclak_mod(long a, long b)').length).toBe(2);
  });

  test('refuses a plan without declaration range or extents', () => {
    expect(() => instrumented(spec({ extents: undefined }))).toThrow(RewriteError);
    expect(() => instrumented(spec({ declaration: undefined }))).toThrow(RewriteError);
  });
});
