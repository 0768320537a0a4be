/**
 * Guards issue 27's "the cost stays per file": a multi-file run preprocessed each file two or
 * three times with the same command and input (the unit's summary in the main thread, its
 * analysis on a worker, its part of the edits across files), a host of a unity build once
 * per file it includes, and each configuration's reading again. Here `$CC` logs every
 * `-E` run (its arguments and the hash of its input): no run may be made twice, and the
 * results are those of a run with a compiler that logs nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

const KERNEL = (name: string, k: number) => `#define N 16
double ${name}(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * ${k + 1}.0;
    if (i >= 1) s += t[i] * t[i - 1];
  }
  return s;
}
`;
// A caller whose local buffer shrinks with the kernel of the next file (an edit across files).
const CALLER = (name: string, kernel: string) => `double ${kernel}(double t[16]);
double ${name}(const double *in) {
  double buf[16];
  double s = ${kernel}(buf);
  for (int i = 0; i < 16; i++) s += in[i];
  return s;
}
`;
const ring = (n: number): Record<string, string> => {
  const files: Record<string, string> = {};
  for (let k = 0; k < n; k++)
    files[`f${k}.c`] = KERNEL(`kern_${k}`, k) + CALLER(`stage_${k}`, `kern_${(k + 1) % n}`);
  const decls = Array.from({ length: n }, (_, k) => `double stage_${k}(const double *in);\n`);
  const calls = Array.from({ length: n }, (_, k) => `  s += stage_${k}(in);\n`).join('');
  files['main.c'] =
    `#include <stdio.h>\n${decls.join('')}int main(void) {\n  double in[16], s = 0;\n` +
    `  for (int i = 0; i < 16; i++) in[i] = i;\n${calls}  printf("%f\\n", s);\n  return 0;\n}\n`;
  return files;
};
// A unity build: main.c includes both kernels' files (N is its), each also given.
const UNITY = {
  'a.c': `static double ta(double t[N]) {\n  double s = 0;\n  for (int i = 0; i < N; i++) { t[i] = i; s += t[i]; }\n  return s;\n}\n`,
  'b.c': `static double tb(double t[N]) {\n  double s = 0;\n  for (int i = 0; i < N; i++) { t[i] = 2 * i; s += t[i]; }\n  return s;\n}\n`,
  'main.c': `#include <stdio.h>\n#define N 8\n#include "a.c"\n#include "b.c"\nint main(void) {\n  double t[N], u[N];\n  printf("%g %g\\n", ta(t), tb(u));\n  return 0;\n}\n`,
};

let root: string;
let cc: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-preponce-'));
  cc = path.join(root, 'cc.sh');
  // (the input is kept in a file: its hash is logged, then the compiler reads it)
  fs.writeFileSync(
    cc,
    `#!/bin/sh
case " $* " in
  *" -E "*) t=$(mktemp); cat > "$t"; echo "$* $(cksum < "$t")" >> "$CC_LOG"
    exec 3<"$t"; rm -f "$t"; exec cc "$@" <&3 3<&- ;;
esac
exec cc "$@"
`,
  );
  fs.chmodSync(cc, 0o755);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  for (const [f, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, f), text);
  return dir;
}

// [what, files, arguments after `contract --diff --no-cache`]
const CASES: [string, Record<string, string>, string[]][] = [
  ['edits across files, in this thread', ring(3), ['--jobs', '1', '*.c']],
  ['edits across files, on workers', ring(3), ['--jobs', '2', '*.c']],
  ['two configurations', ring(2), ['--jobs', '2', '--configurations', '-DX=1;-DX=2', '*.c']],
  ['a unity build', UNITY, ['--jobs', '2', 'a.c', 'b.c', 'main.c']],
];

describe('each preprocessor run of a multi-file run is made once', () => {
  it.each(CASES)('%s', (name, files, args) => {
    const dir = tree(name.replace(/\W+/g, '-'), files);
    const given = args.flatMap((a) => (a === '*.c' ? Object.keys(files).sort() : [a]));
    const log = path.join(dir, 'cc.log');
    const logged = runCli(['contract', '--diff', '--no-cache', ...given], {
      cwd: dir,
      env: { CC: cc, CC_LOG: log },
    });
    const plain = runCli(['contract', '--diff', '--no-cache', ...given], { cwd: dir });
    expect(plain.stdout).toContain('+++ b/');
    expect(logged.stdout).toBe(plain.stdout);
    expect(logged.code).toBe(plain.code);
    const runs = fs.readFileSync(log, 'utf8').trim().split('\n');
    const twice = runs.filter((r, k) => runs.indexOf(r) !== k);
    expect(twice).toEqual([]);
  });
});
