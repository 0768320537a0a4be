/**
 * A function-like macro defined under a conditional directive outside the function: `#if`
 * cannot check which definition a build takes, so no guard can keep a result to this
 * configuration (src/frontend/configured.ts). Guards, from the review of 2026-11-26:
 * `PREV(i)` was `i - 1`, or `i - 2` under BIG; the result contracted for the first, built with
 * -DBIG, read reused cells (59038 became 177134) with no guard to stop it.
 */
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { ROOT, runCli } from '../helpers/cli.js';
import { codeOf } from '../../src/model/reasons.js';

it('the array stays, and the file built with the other definition computes the same', () => {
  const file = path.join(ROOT, 'test/fixtures/configuration/function-macro-under-ifdef.c');
  const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-configuration-'));
  try {
    const out = path.join(dir, 'out.c');
    const analysis = runCli(['analyze', file]);
    expect(analysis.stdout).toMatch(/macro PREV is defined under a conditional directive/);
    expect(runCli(['contract', file, '-o', out]).code).toBe(0);
    const r = runCli(['check', file, '--cflags', '-DBIG', '--against', out]);
    expect({ code: r.code, last: r.stdout.trim().split('\n').pop() }).toEqual({
      code: 0,
      last: 'ok',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Guards a function-like macro reached through another's body (review 2026-11-29,
// spelling.ts MacroUse.reaches): PREV(i) is LAG(i), LAG defined under #ifdef BIG; and a call
// of an empty CHK(p) in PUT's do-while body, dropped as the rescan drops it, CHK reading p under
// DBG. Only the called macro's definition was checked: t was folded to 2 cells and the
// -DBIG build printed 1388 instead of 1212, the -DDBG one read t[i - 1] past the 2 cells.
it.each([
  ['function-macro-nested-ifdef.c', 'LAG', '-DBIG'],
  ['empty-macro-in-body-ifdef.c', 'CHK', '-DDBG'],
])('%s: a macro %s reached in a body keeps the array', (name, macro, flag) => {
  const file = path.join(ROOT, 'test/fixtures/configuration', name);
  const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-configuration-'));
  try {
    const out = path.join(dir, 'out.c');
    const analysis = runCli(['analyze', file]);
    expect(analysis.stdout).toContain(`macro ${macro} is defined under a conditional directive`);
    expect(analysis.stdout).toContain(`[${codeOf('configuration-unguarded')}`);
    expect(runCli(['contract', file, '-o', out]).code).toBe(0);
    const r = runCli(['check', file, '--cflags', flag, '--against', out]);
    expect({ code: r.code, last: r.stdout.trim().split('\n').pop() }).toEqual({
      code: 0,
      last: 'ok',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Guards trigraphs (configured.ts): under -std=c99 `??=ifdef BIG` is `#ifdef BIG`, which the
// file's own reading of its conditionals did not see, so a result for one branch ran
// unguarded under the other (review 2026-11-26: index 2 out of bounds of a 2-cell array).
it('a file spelling trigraphs keeps its arrays', () => {
  const file = path.join(ROOT, 'test/fixtures/configuration/trigraph-ifdef.c');
  const analysis = runCli(['analyze', '-std=c99', file]);
  expect(analysis.stdout).toMatch(/spells trigraphs/);
  expect(analysis.stdout).not.toMatch(/contracted|scalarized/);
});

// Guards NDEBUG (configured.ts assertGuard): `assert(t[0] == 1.0)` reads t only without
// NDEBUG. Contracted with -DNDEBUG and built without it, the assert read a reused cell and
// aborted; now the build stops at the guard instead (or, built with -DNDEBUG, runs).
it('a result contracted with -DNDEBUG is not built without it', () => {
  const file = path.join(ROOT, 'test/fixtures/configuration/assert-ndebug-read.c');
  const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-ndebug-'));
  try {
    const out = path.join(dir, 'out.c');
    expect(runCli(['contract', '-DNDEBUG', file, '-o', out]).code).toBe(0);
    const cc = process.env.CC?.trim() || 'cc';
    const build = (flags: string[]) =>
      spawnSync(cc, ['-std=gnu11', '-w', ...flags, out, '-o', path.join(dir, 'x')], {
        encoding: 'utf8',
      });
    const without = build([]);
    expect(without.status).not.toBe(0);
    expect(without.stderr).toContain('were contracted with NDEBUG defined');
    expect(build(['-DNDEBUG']).status).toBe(0);
    const r = spawnSync(path.join(dir, 'x'), [], { encoding: 'utf8' });
    expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 0, stdout: '74.000000\n' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Guards the configuration guard of every function a decision across calls reads (review
// 2026-11-28, configured.ts and contraction.ts wholeProgramRelated): a kernel, a static
// scratch's function, a caller and a function that gets the buffer after the call, each
// reading the array under #ifdef DEBUG. Contracted without DEBUG and built with it, each
// result read cells the contraction reused (or past them) with no guard to stop the build.
// ifdef-call-argument.c: the value a caller passes under #ifdef DEBUG, read at the call sites
// (callSiteValues.ts), fixed the kernel's local t, and the caller got no guard (adversary,
// 2026-11-28). ifdef-pointer-to-kernel.c, ifdef-pointer-to-forwarder.c: a pointer to the
// kernel (or to the function passing the buffer on to it) taken under #ifdef DEBUG, a caller
// through it reading after the call; no group around any function the decision read
// (adversary 2026-11-29d, configured.ts spelledGuard).
it.each([
  'ifdef-in-kernel.c',
  'ifdef-in-reader.c',
  'ifdef-static-scratch.c',
  'ifdef-heap-caller.c',
  'ifdef-call-argument.c',
  'ifdef-pointer-to-kernel.c',
  'ifdef-pointer-to-forwarder.c',
])('%s: built in the other configuration, stops at a guard', (name) => {
  const file = path.join(ROOT, 'test/fixtures/configuration', name);
  const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-ifdef-'));
  try {
    const out = path.join(dir, 'out.c');
    expect(runCli(['contract', file, '-o', out]).code).toBe(0);
    const cc = process.env.CC?.trim() || 'cc';
    const build = spawnSync(cc, ['-std=gnu11', '-w', '-DDEBUG', out, '-o', path.join(dir, 'x')], {
      encoding: 'utf8',
    });
    expect(build.status).not.toBe(0);
    expect(build.stderr).toContain('run beeclak again for this one');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Guards a pointer to kern() under #ifdef DEBUG spelled by pasting tokens, NAME(ke, rn)
// (adversary 2026-11-29d, groupSpellings.ts PASTED): no line spelled kern, so the guard of
// spelledGuard missed the group and the -DDEBUG build printed hook 0 for hook 16. Built with
// -DDEBUG, the result computes what the original does, or stops at a guard.
it('ifdef-pointer-pasted.c: built in the other configuration, computes the same', () => {
  const file = path.join(ROOT, 'test/fixtures/configuration/ifdef-pointer-pasted.c');
  const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-pasted-'));
  try {
    const out = path.join(dir, 'out.c');
    expect(runCli(['contract', file, '-o', out]).code).toBe(0);
    const cc = process.env.CC?.trim() || 'cc';
    const run = (source: string, exe: string) => {
      const build = spawnSync(cc, ['-std=gnu11', '-w', '-DDEBUG', source, '-o', exe], {
        encoding: 'utf8',
      });
      if (build.status !== 0) return build.stderr.includes('run beeclak again') ? 'guard' : '?';
      return spawnSync(exe, [], { encoding: 'utf8' }).stdout;
    };
    const after = run(out, path.join(dir, 'after'));
    if (after !== 'guard') expect(after).toBe(run(file, path.join(dir, 'before')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Guards the macro guard of a caller whose argument fixed a kernel's local array (adversary,
// 2026-11-28, contraction.ts wholeProgramRelated): window(LEN, in) with LEN 3 folded t for
// k == 3; built with -DLEN=10 the result printed 2626.0 instead of 1534.0, with no guard.
it('a caller passing a macro is guarded on its value', () => {
  const file = path.join(ROOT, 'test/fixtures/configuration/macro-call-argument.c');
  const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-macro-arg-'));
  try {
    const out = path.join(dir, 'out.c');
    expect(runCli(['contract', file, '-o', out]).code).toBe(0);
    const cc = process.env.CC?.trim() || 'cc';
    const build = spawnSync(cc, ['-std=gnu11', '-w', '-DLEN=10', out, '-o', path.join(dir, 'x')], {
      encoding: 'utf8',
    });
    expect(build.status).not.toBe(0);
    expect(build.stderr).toMatch(/contracted .*for LEN == 3/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Guards a caller no guard can check, whose code a decision across calls read (adversary
// 2026-11-28c, configured.ts): main() reads SHOWN[15] after smooth(t, in), SHOWN being `in`
// or, in another build, `t`. No #if compares `in`: main's buffer kept its size, but the
// function was not marked unguarded (it had arrays of its own), so smooth's parameter was
// folded in place, and the other build printed 43.312 instead of 49.312. In
// caller-macro-redefined.c the other definition is in a branch this build skips, in
// caller-macro-header.c in such a branch of a header, in caller-macro-include.c in a header
// included in such a branch (this build reads none of its lines), in caller-macro-default.c
// in a header whose #ifndef SHOWN group looks like an include guard. In
// caller-macro-include-{angle,quoted}.c the header is found through `-I include` only, in
// caller-macro-include-named.c named by a macro (`#include VERBOSE_H`): neither was read
// (47.312 instead of 49.312; includeSearch.ts), nor the first without -I (found nowhere). In
// caller-macro-include-unconditional.c every build includes CFG_H, which a build names
// otherwise (adversary 2026-11-28d: 47.312, only conditional includes were followed).
// The header included under #ifdef VERBOSE that no lookup finds (caller-macro-include-angle.c
// without -I, caller-macro-include-named.c) is now guarded (unreadIncludes.ts): the kernel is
// contracted, and the -DVERBOSE build stops at the main file's first line. So, since the
// pins of conditional definitions (conditionalDefinitions.ts), are caller-macro-header.c
// (`#ifdef VERBOSE` around SHOWN's redefinition in the header: `#ifdef VERBOSE` / `#error` at
// the first line) and caller-macro-default.c (`#ifndef SHOWN`: `#ifdef SHOWN` / `#error`).
const INCLUDE = ['-I', path.join(ROOT, 'test/fixtures/configuration/include')];
const WITH_I = 'with -I include';
const GUARDED = 'guarded: the other build stops';
const PINNED = "pinned: the other build stops at the header's branches";
it.each([
  ['caller-macro-ifndef.c', '-DSHOWN=t', ''],
  ['caller-macro-redefined.c', '-DVERBOSE', ''],
  ['caller-macro-header.c', '-DVERBOSE', PINNED],
  ['caller-macro-include.c', '-DVERBOSE', ''],
  ['caller-macro-default.c', '-DSHOWN=t', PINNED],
  ['caller-macro-include-angle.c', '-DVERBOSE', WITH_I],
  ['caller-macro-include-angle.c', '-DVERBOSE', GUARDED],
  ['caller-macro-include-quoted.c', '-DVERBOSE', WITH_I],
  ['caller-macro-include-named.c', '-DVERBOSE', GUARDED],
  ['caller-macro-include-unconditional.c', '-DCFG_H="include/caller-macro-verbose.h"', ''],
])('%s: the kernel stays, and %s computes the same (contracted %s)', (name, flag, how) => {
  const file = path.join(ROOT, 'test/fixtures/configuration', name);
  const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-caller-macro-'));
  try {
    const out = path.join(dir, 'out.c');
    const report = path.join(dir, 'report.json');
    const contract = ['contract', ...(how === WITH_I ? INCLUDE : []), file, '-o', out];
    expect(runCli([...contract, '--report', 'json', '--report-file', report]).code).toBe(0);
    const arrays = (
      JSON.parse(readFileSync(report, 'utf8')) as {
        files: { arrays: { function: string; name: string; code?: string; status: string }[] }[];
      }
    ).files[0]!.arrays;
    const tmp = arrays.find((a) => a.function === 'smooth' && a.name === 'tmp');
    const cc = process.env.CC?.trim() || 'cc';
    const build = (src: string, exe: string) => {
      const flags = ['-std=gnu11', '-w', '-I', path.dirname(file), ...INCLUDE, flag, src];
      return spawnSync(cc, [...flags, '-o', exe], { encoding: 'utf8' });
    };
    const run = (src: string, exe: string) => {
      expect(build(src, exe).status).toBe(0);
      return spawnSync(exe, [], { encoding: 'utf8' }).stdout;
    };
    if (how === GUARDED || how === PINNED) {
      expect(tmp?.status).toBe('contracted');
      const b = build(out, path.join(dir, 'x'));
      const says = how === GUARDED ? /does not read the header/ : /beeclak: arrays were contracted/;
      expect({ status: b.status, stops: says.test(b.stderr) }).toEqual({
        status: 1,
        stops: true,
      });
      run(file, path.join(dir, 'y'));
      return;
    }
    expect(tmp?.code).toBe(codeOf('configuration-unguarded'));
    expect(run(out, path.join(dir, 'x'))).toBe(run(file, path.join(dir, 'y')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Guards a caller defined in a header (configurationDependence.ts includedDependence,
// crossCalls.ts): fill's only caller, run() of caller-in-header.h, reads the buffer after the
// call under #ifdef DEBUG only; no guard of the file reaches the header's text. t was folded
// in place and a -DDEBUG build printed 2252.25 instead of 2274.75 (adversary 2026-11-28c).
it('a kernel whose caller is a header function with conditional code stays', () => {
  const file = path.join(ROOT, 'test/fixtures/configuration/caller-in-header.c');
  const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-caller-header-'));
  try {
    const out = path.join(dir, 'out.c');
    const report = path.join(dir, 'report.json');
    expect(
      runCli(['contract', file, '-o', out, '--report', 'json', '--report-file', report]).code,
    ).toBe(0);
    const arrays = (
      JSON.parse(readFileSync(report, 'utf8')) as {
        files: { arrays: { function: string; name: string; code?: string }[] }[];
      }
    ).files[0]!.arrays;
    const t = arrays.find((a) => a.function === 'fill' && a.name === 't');
    expect(t?.code).toBe(codeOf('configured-elsewhere'));
    const cc = process.env.CC?.trim() || 'cc';
    const run = (src: string, exe: string) => {
      const flags = ['-std=gnu11', '-w', '-I', path.dirname(file), '-DDEBUG', src, '-o', exe];
      expect(spawnSync(cc, flags, { encoding: 'utf8' }).status).toBe(0);
      return spawnSync(exe, [], { encoding: 'utf8' }).stdout;
    };
    expect(run(out, path.join(dir, 'x'))).toBe(run(file, path.join(dir, 'y')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Guards a macro the command line defines that no #if can compare (configured.ts
// uncheckedDefinition; adversary 2026-11-28d): with compile_commands.json's
// `-DLAGOF(i)=((i)-3)` (or `-DOFF=((int)2)`, no integer value for #if), t was contracted to
// 4 (3) cells with only a warning, and a build with `-DLAGOF(i)=((i)-7)` (`-DOFF=((int)5)`)
// printed 10728 instead of 8568 (11340 instead of 9720).
const KERNEL = (index: string) => `#include <stdio.h>
#define N 32
static double run(const double *in) {
  double t[N];
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 2;
    if (i >= 8)
      s += t[i] * t[${index}];
  }
  return s;
}
int main(void) {
  double in[N];
  for (int i = 0; i < N; i++)
    in[i] = i * 0.5 + (i % 3);
  printf("%f\\n", run(in));
  return 0;
}
`;
it.each([
  ['a function-like macro', 'LAGOF(i)', '-DLAGOF(i)=((i)-3)', '-DLAGOF(i)=((i)-7)'],
  ['a macro without an integer value', 'i - OFF', '-DOFF=((int)2)', '-DOFF=((int)5)'],
])('%s from the command line keeps the array', (_, index, analysed, other) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-command-line-macro-'));
  try {
    const file = path.join(dir, 'k.c');
    writeFileSync(file, KERNEL(index));
    const database = path.join(dir, 'compile_commands.json');
    const entry = { directory: dir, arguments: ['cc', analysed, '-c', 'k.c'], file: 'k.c' };
    writeFileSync(database, JSON.stringify([entry]));
    const out = path.join(dir, 'out.c');
    const report = path.join(dir, 'report.json');
    const args = ['contract', '--compile-commands', database, file, '-o', out];
    expect(runCli([...args, '--report', 'json', '--report-file', report]).code).toBe(0);
    const arrays = (
      JSON.parse(readFileSync(report, 'utf8')) as {
        files: { arrays: { function: string; name: string; code?: string }[] }[];
      }
    ).files[0]!.arrays;
    expect(arrays.find((a) => a.function === 'run' && a.name === 't')?.code).toBe(
      codeOf('configuration-unguarded'),
    );
    const cc = process.env.CC?.trim() || 'cc';
    const run = (src: string, exe: string) => {
      const b = spawnSync(cc, ['-w', other, src, '-o', exe], { encoding: 'utf8' });
      expect(b.status).toBe(0);
      return spawnSync(exe, [], { encoding: 'utf8' }).stdout;
    };
    expect(run(out, path.join(dir, 'x'))).toBe(run(file, path.join(dir, 'y')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
