/**
 * Programs the fuzz campaign found beeclak getting wrong, each run through `check`
 * (contract, compile, run, compare, owner check). Every case says which bug it guards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { codeOf } from '../../src/model/reasons.js';

const PRELUDE =
  '#include <stdio.h>\n#define N 10\nstatic unsigned g(unsigned x) { return x * 2654435761u + 1u; }\n';
const main = (body: string) =>
  `${PRELUDE}int main(void) {\n  unsigned t[N + 1];\n  unsigned s = 0;\n  t[0] = 17u;\n${body}\n  printf("%u\\n", s);\n  return 0;\n}\n`;

const CASES: { bug: string; body: string; contracted: boolean }[] = [
  {
    // Miscompilation: a comma sequences the write of t[i + 1] before the read of t[i], but
    // the model ordered "reads, then writes" and scalarized t.
    bug: 'comma: write sequenced before a read',
    body: '  for (int i = 0; i < N; i++)\n    t[i + 1] = g((unsigned)i), s += t[i];',
    contracted: false,
  },
  {
    // Miscompilation: the same through the condition of ?:.
    bug: '?: condition writes before the branch reads',
    body: '  for (int i = 0; i < N; i++)\n    s += (t[i + 1] = g((unsigned)i)) ? t[i] : 0u;',
    contracted: false,
  },
  {
    // The same through &&.
    bug: '&&: left operand writes before the right reads',
    body: '  for (int i = 0; i < N; i++)\n    s += (t[i + 1] = g((unsigned)i)) && t[i];',
    contracted: false,
  },
  {
    // Miscompilation risk: the store of t[i + 1] is unsequenced next to the load of t[i]
    // (the compiler may store first), while the model read first.
    bug: 'nested write next to a read in one expression',
    body: '  for (int i = 0; i < N; i++)\n    s += (t[i + 1] = g((unsigned)i)) + t[i];',
    contracted: false,
  },
  {
    // Internal error in check: a write in an if condition has no `;` to defer it to.
    bug: 'write inside an if condition (owner-check build)',
    body: '  for (int i = 0; i < N; i++) {\n    if ((t[i + 1] = g((unsigned)i)) != 0u) s += t[i];\n  }',
    contracted: true,
  },
];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-regress-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe.each(CASES)('$bug', ({ body, contracted }) => {
  const file = path.join(tmp, `case${CASES.findIndex((c) => c.body === body)}.c`);
  fs.writeFileSync(file, main(body));
  it('check passes: same output, owner check clean', () => {
    const r = runCli(['check', file, '--no-sanitize']);
    expect({ code: r.code, last: r.stdout.trim().split('\n').pop() }).toEqual({
      code: 0,
      last: 'ok',
    });
  });
  it(contracted ? 't is contracted' : 't is left alone, with the reason', () => {
    const r = runCli(['analyze', file, '--json', '--oracle', '0']);
    const t = JSON.parse(r.stdout).arrays.find((a: { name: string }) => a.name === 't');
    if (contracted) expect(t.status).toBe('contracted');
    else
      expect({ status: t.status, code: t.code }).toEqual({
        status: 'unchanged',
        code: codeOf('unsequenced-write'),
      });
  });
});

// Guards the rounding of --modulo pow2 (src/pipeline/analysis.ts, powerOfTwoMapping): without
// it the exact moduli 12 and 3 were kept (once a crash in the rewriter, now the exact form,
// which `check` alone accepts). The exact run guards the fixture itself: the seed it
// replaces had gone stale (its rounded mapping saved nothing, so the case was never reached).
describe('pow2-non-power-modulus.c: moduli rounded up to powers of two under --modulo pow2', () => {
  const file = path.join(
    path.dirname(new URL(import.meta.url).pathname),
    '../fixtures/fuzz/pow2-non-power-modulus.c',
  );
  const moduli = (modulo: string) => {
    const r = runCli(['analyze', file, '--json', '--oracle', '0', '--modulo', modulo]);
    expect(r.code).toBe(0);
    const arrays = JSON.parse(r.stdout).arrays as {
      name: string;
      status: string;
      mapping?: { b: number[] };
    }[];
    return Object.fromEntries(
      ['t0', 't1'].map((n) => {
        const a = arrays.find((x) => x.name === n)!;
        return [n, { status: a.status, b: a.mapping?.b }];
      }),
    );
  };
  it('exact: moduli 12 and 3 (not powers of two)', () => {
    expect(moduli('exact')).toEqual({
      t0: { status: 'contracted', b: [12] },
      t1: { status: 'contracted', b: [3] },
    });
  });
  it('pow2: moduli 16 and 4, and the program masks', () => {
    expect(moduli('pow2')).toEqual({
      t0: { status: 'contracted', b: [16] },
      t1: { status: 'contracted', b: [4] },
    });
    const r = runCli(['contract', file, '--modulo', 'pow2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('t0[(i - D) & 15]');
    expect(r.stdout).toContain('t1[(i - 2) & 3]');
    // The code, not the file's comment (which names the exact form).
    expect(r.stdout.slice(r.stdout.indexOf('#include'))).not.toMatch(/% (12|3)\b/);
  });
});

describe('fuzz-found programs (test/fixtures/fuzz)', () => {
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), '../fixtures/fuzz');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.c'));
  it('there are some', () => expect(files.length).toBeGreaterThan(0));
  // Each guards the bug described at the top of its file (miscompilation, internal error).
  it.each(
    files.flatMap((f) => [
      [f, 'exact'],
      [f, 'pow2'],
    ]),
  )(
    '%s with --modulo %s: check passes (same output, owner check clean, no internal error)',
    (f, modulo) => {
      const r = runCli(['check', path.join(dir, f), '--no-sanitize', '--modulo', modulo]);
      expect({ code: r.code, stderr: r.stderr, last: r.stdout.trim().split('\n').pop() }).toEqual({
        code: 0,
        stderr: '',
        last: 'ok',
      });
    },
  );
});
