/**
 * `check` compares everything a program does (exit status, stdout, stderr, files written in
 * its own working folder) and builds with the program's flags and extra sources.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';
import { splitFlags } from '../../src/pipeline/checking/compileFlags.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-check-all-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const fixture = (name: string) => path.join(ROOT, 'test/fixtures/whole', name);
const DUMP = fs.readFileSync(fixture('dump-stderr.c'), 'utf8');
const build = ['--with', fixture('dump-helper.c'), '--cflags', '-DSCALE=3', '--no-sanitize'];
const variant = (name: string, from: string, to: string) => {
  const f = path.join(tmp, name);
  expect(DUMP).toContain(from);
  fs.writeFileSync(f, DUMP.replace(from, to));
  return f;
};

describe('check sees everything', () => {
  it('builds with --with and --cflags and compares stderr and files: identical is ok', () => {
    const r = runCli(['check', fixture('dump-stderr.c'), ...build]);
    expect(r.stdout).toContain(
      'run: identical output (exit 0, stdout 0 bytes, stderr 106 bytes, 1 file(s) written)',
    );
    expect(r.code).toBe(0);
  });

  // Guards the PolyBench case: a wrong candidate whose only output is on stderr passed with "ok".
  it('a difference on stderr only is a failure', () => {
    const wrong = variant('wrong-stderr.c', 'out[i]);', 'out[i] + (i == 7));');
    const r = runCli(['check', fixture('dump-stderr.c'), ...build, '--against', wrong]);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('stderr differs');
  });

  it('a difference in a written file only is a failure', () => {
    const wrong = variant('wrong-file.c', 'out[i] * 2);', 'out[i] * 2 + (i == 5));');
    const r = runCli(['check', fixture('dump-stderr.c'), ...build, '--against', wrong]);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('file result.txt differs');
  });

  it('a different exit status is a failure', () => {
    const wrong = variant('wrong-exit.c', 'return 0;', 'return 4;');
    const r = runCli(['check', fixture('dump-stderr.c'), ...build, '--against', wrong]);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('exit status: original exit 0, candidate exit 4');
  });

  it('takes the flags from compile_commands.json (-p)', () => {
    const db = path.join(tmp, 'compile_commands.json');
    fs.writeFileSync(
      db,
      JSON.stringify([
        {
          directory: path.dirname(fixture('dump-stderr.c')),
          file: 'dump-stderr.c',
          command: 'cc -c -DSCALE=3 -Wall dump-stderr.c -o dump.o',
        },
      ]),
    );
    const r = runCli([
      'check',
      fixture('dump-stderr.c'),
      '-p',
      tmp,
      '--with',
      fixture('dump-helper.c'),
      '--no-sanitize',
    ]);
    expect(r.stdout).toContain('-DSCALE=3');
    expect(r.code).toBe(0);
  });
});

describe('splitFlags', () => {
  it.each([
    ['-I a -DX=1', ['-I', 'a', '-DX=1']],
    [`-DS="a b" -I'x y'`, ['-DS=a b', '-Ix y']],
    ['  ', []],
  ])('%s', (text, words) => expect(splitFlags(text)).toEqual(words));
});
