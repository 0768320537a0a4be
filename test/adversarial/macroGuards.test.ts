/**
 * The guards after a contracted function name only the macros its decision reads (issue 27,
 * every configuration; src/frontend/macroRoles.ts). Each program of macroGuards/ is
 * contracted in its default configuration, then the original and the result are built with
 * another definition: where the decision reads the macro (or another definition could touch
 * the array), the result must stop at a guard; where it does not, it must build and print
 * what the original prints. Each 'guard' row fails with a rule that is too wide (the build
 * goes through and prints something else, or runs undefined), each 'same' row with a rule
 * that is too narrow (a guard stops a build that was sound).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';
import { M32 } from '../helpers/m32.js';
import { describeWithTool } from '../helpers/optionalTool.js';

const DIR = path.join(ROOT, 'test', 'adversarial', 'macroGuards');
const CC = process.env.CC?.trim() || 'cc';
const work = mkdtempSync(path.join(tmpdir(), 'beeclak-macro-guards-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CASES: [file: string, define: string, expected: 'guard' | 'same'][] = [
  // k = GAIN; t[i - k]: the model follows the local into the subscript.
  ['value-through-local.c', '-DGAIN=2', 'guard'],
  // GAIN only scales the values stored: any integer is sound, ...
  ['side-effect-definition.c', '-DGAIN=3', 'same'],
  // ... but a definition with an effect on the contracted array must stop at the shape guard.
  ['side-effect-definition.c', '-DGAIN=(t[0] = 1)', 'guard'],
  ['side-effect-definition.c', '-DGAIN=t[3]', 'guard'],
  // Stored into an array of pointers: -DGAIN=t (0 for #if) stores the array's address.
  ['pointer-store.c', '-DGAIN=t', 'guard'],
  // GAIN decides which cell is read.
  ['in-condition.c', '-DGAIN=2', 'guard'],
  // sizeof(GAIN) does not read the value, but -DGAIN=t (0 for #if) measures the array.
  ['in-sizeof.c', '-DGAIN=t', 'guard'],
  // A type: no #if compares it; its conditional definition keeps the array unchanged.
  ['in-type.c', '-DT=int', 'same'],
  // GAIN in the subscript of a compound assignment's left side.
  ['compound-lvalue.c', '-DGAIN=2', 'guard'],
  // GAIN in a #if inside the function: the configuration guard stops the other branch.
  ['if-inside.c', '-DGAIN=2', 'guard'],
  // Defined unconditionally by the file: -DD=2 is redefined by it (the file's wins).
  ['redefined-by-file.c', '-DD=2', 'same'],
  // Defined unconditionally, then again under #ifdef BIG before the function.
  ['redefined-under-ifdef.c', '-DBIG', 'guard'],
  // An argument of a function-like macro in a subscript: its use expands GAIN too.
  ['macro-argument.c', '-DGAIN=2', 'guard'],
  // A divisor: -DGAIN=0 makes the statement undefined.
  ['divisor.c', '-DGAIN=0', 'guard'],
  // A macro of the compiler's own, spelled in a subscript: another -std changes the lag.
  ['builtin-std-version.c', '-std=c99', 'guard'],
  // A system header's macro reaching one (LONG_MAX is __LONG_MAX__): another target's flags.
  ['builtin-long-max.c', '-m32', 'guard'],
  // ... and the same target builds and prints the same (the guard's literal reads alike).
  ['builtin-long-max.c', '-m64', 'same'],
  // An enum constant with a macro of its name after the function: the check reads the constant.
  ['enum-macro-after.c', '-DM=32', 'guard'],
  // ... and the configuration analysed builds (the macro is 16 there too).
  ['enum-macro-after.c', '-DM=16', 'same'],
  // A function-like macro undefined and redefined under #ifdef BIG, each directive split by
  // a line splice: no guard can check it, so the array stays (it was folded for the lag of 1).
  ['../programs/guard-spliced-redefinition.c', '-DBIG', 'same'],
  // `# \` + a blank, a line break, `ifdef BIG`: a splice for the compiler, so a conditional
  // around the lag, whose guard stops the -DBIG build.
  ['../programs/guard-spliced-blank.c', '-DBIG', 'guard'],
];

const build = (file: string, define: string, exe: string) =>
  spawnSync(CC, ['-std=gnu11', '-w', '-O1', define, file, '-o', exe], { encoding: 'utf8' });

const runs = (exe: string) => spawnSync(exe, [], { encoding: 'utf8' });

// A build with -m32 needs gcc-multilib, which a fresh machine may lack (the README's optional
// tools): those rows run where it is installed (and must, in CI); the others everywhere.
const needsM32 = ([, define]: (typeof CASES)[number]) => define === '-m32';
it.each(CASES.filter((c) => !needsM32(c)))('%s built with %s: %s', (...c) =>
  buildsAsExpected(...c),
);
describeWithTool(M32, 'macro guards built for another target', () => {
  it.each(CASES.filter(needsM32))('%s built with %s: %s', (...c) => buildsAsExpected(...c));
});

function buildsAsExpected(file: string, define: string, expected: 'guard' | 'same'): void {
  const source = path.join(DIR, file);
  const out = path.join(work, `${path.basename(file, '.c')}.${define.replace(/\W/g, '_')}.c`);
  expect(runCli(['contract', source, '-o', out, '--no-cache']).code).toBe(0);
  // The original builds with the other definition: a failure of the result is its guard's.
  expect(build(source, define, `${out}.orig`).status).toBe(0);
  const contracted = build(out, define, `${out}.x`);
  if (expected === 'guard') {
    expect(contracted.status).not.toBe(0);
    // An #error of beeclak's, or a line of the shape guard refusing what is no integer (the
    // compiler shows the line).
    expect(contracted.stderr).toMatch(
      /#error "beeclak|beeclak: .* for any integer|beeclak_integer_|beeclak_assumes_/,
    );
    return;
  }
  expect(contracted.status).toBe(0);
  const [a, b] = [runs(`${out}.orig`), runs(`${out}.x`)];
  expect({ status: b.status, stdout: b.stdout }).toEqual({ status: a.status, stdout: a.stdout });
}

// Guards the words of a guard after a function a decision across calls read: post() and
// main() kept their arrays, and their guards said "arrays of post() were contracted".
it('a function read by a decision across calls says whose arrays were contracted', () => {
  const r = runCli(['contract', path.join(DIR, 'read-after-call.c'), '--no-cache']);
  expect(r.code).toBe(0);
  for (const fn of ['post', 'main']) {
    expect(r.stdout).not.toContain(`arrays of ${fn}() were contracted`);
    expect(r.stdout).toContain(
      `arrays of kernel() were contracted reading the code of ${fn}() for N == 16`,
    );
  }
  expect(r.stdout).toContain(
    'arrays of kernel() were contracted reading the code of post() for the branches taken',
  );
});
