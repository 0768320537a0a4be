/**
 * One file given under two paths (`lnk/x.c` through a symlinked folder, and `src/x.c`): the
 * file list took them apart (lexical paths), so the report counted its saving twice (summary,
 * byFile, the text line) and `-i` contracted it twice. And `b/../src/x.c` with `b` a symlink
 * is another file than `src/x.c`, which the lexical reading dropped as a repeat. Files are
 * now told apart by their real paths (cli/files.ts). And a kernel given through a linked
 * folder beside its host given through the real one (`lnk/kern.c orig/host.c`) was refused
 * BC1133: the host was two units, `lnk/host.c` found beside the kernel and `orig/host.c`;
 * the paths are now spelled through their real folders when they reach them two ways.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-same-path-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const durbin = fs.readFileSync('samples/durbin.c', 'latin1');
const multi = fs.readFileSync('samples/multi.c', 'latin1');

function tree(name: string): string {
  const root = path.join(tmp, name);
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.mkdirSync(path.join(root, 'other', 'src'), { recursive: true });
  fs.mkdirSync(path.join(root, 'other', 'sub'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src', 'x.c'), durbin);
  fs.writeFileSync(path.join(root, 'other', 'src', 'x.c'), multi);
  fs.symlinkSync('src', path.join(root, 'lnk'));
  fs.symlinkSync(path.join('other', 'sub'), path.join(root, 'b'));
  return root;
}

function summaryOf(cwd: string, files: string[]): { files: number; bytesSaved: number } {
  const report = path.join(cwd, 'report.json');
  const args = ['contract', '--check', '--no-cache', '--report', 'json', '--report-file', report];
  expect(runCli([...args, ...files], { cwd }).code).toBe(1);
  return (
    JSON.parse(fs.readFileSync(report, 'utf8')) as {
      summary: { files: number; bytesSaved: number };
    }
  ).summary;
}

it('a file under two paths is one file: its saving counted once, written once', () => {
  const cwd = tree('twice');
  const alone = summaryOf(cwd, ['src/x.c']);
  expect(summaryOf(cwd, ['src/x.c', 'lnk/x.c'])).toEqual(alone);
  expect(alone.files).toBe(1);
  const text = runCli(['contract', '--check', '--no-cache', 'src/x.c', 'lnk/x.c'], { cwd });
  expect(text.stderr).toContain(`1 file, 1 would change, 0 skipped, ${alone.bytesSaved} bytes`);
  const written = runCli(['contract', '-i', '--no-cache', 'lnk/x.c', 'src/x.c'], { cwd });
  expect(written.code).toBe(0);
  expect(written.stdout + written.stderr).toMatch(/1 file, 1 contracted/);
  expect((written.stdout + written.stderr).match(/^contracted /gm)).toHaveLength(1);
  // Written once: a second run over the written file changes nothing.
  expect(runCli(['contract', '--check', '--no-cache', 'src/x.c'], { cwd }).code).toBe(0);
});

it('b/../src/x.c through a symlinked b is another file than src/x.c', () => {
  const cwd = tree('other');
  const r = runCli(['contract', '--check', '--no-cache', 'b/../src/x.c', 'src/x.c'], { cwd });
  expect(r.stdout + r.stderr).toMatch(/2 files, 2 would change/);
});

const KERN = `static double kern(const double *in, int n)
{
    double t[64];
    double s = 0;
    for (int i = 0; i < 64; i++) { t[i] = in[i] * 2; s += t[i]; }
    return s + n;
}
`;
const HOST = `#include <stdio.h>
#include "kern.c"
int main(void) { double a[64] = {1, 2, 3}; printf("%g\\n", kern(a, 1)); return 0; }
`;

it.each([
  ['lnk/kern.c', 'orig/host.c'],
  ['orig/kern.c', 'lnk/host.c'],
  ['lnk', 'orig/host.c'],
])('%s with %s (lnk -> orig): one host unit, the kernel contracted', (kern, host) => {
  const cwd = path.join(tmp, `unity-${kern.replace(/\W/g, '_')}`);
  fs.mkdirSync(path.join(cwd, 'orig'), { recursive: true });
  fs.writeFileSync(path.join(cwd, 'orig', 'kern.c'), KERN);
  fs.writeFileSync(path.join(cwd, 'orig', 'host.c'), HOST);
  fs.symlinkSync('orig', path.join(cwd, 'lnk'));
  const exe = path.join(cwd, 'host');
  const output = () => {
    expect(spawnSync('cc', ['-o', exe, path.join(cwd, 'orig', 'host.c')]).status).toBe(0);
    return spawnSync(exe, { encoding: 'utf8' }).stdout;
  };
  const before = output();
  const r = runCli(['contract', '-i', '--no-cache', '--report', 'text', kern, host], { cwd });
  expect(r.stderr).not.toContain('BC1133');
  expect(r.code).toBe(0);
  expect(fs.readFileSync(path.join(cwd, 'orig', 'kern.c'), 'utf8')).toContain('double t;');
  expect(output()).toBe(before);
});

// Guards the spelling: paths that reach their folders one way keep the user's spelling (the
// messages name them so, and the compilation database's entries are found by it).
it('a linked folder alone keeps its spelling in the messages', () => {
  const cwd = path.join(tmp, 'alone');
  fs.mkdirSync(path.join(cwd, 'orig'), { recursive: true });
  fs.writeFileSync(path.join(cwd, 'orig', 'kern.c'), KERN);
  fs.writeFileSync(path.join(cwd, 'orig', 'host.c'), HOST);
  fs.symlinkSync('orig', path.join(cwd, 'lnk'));
  const r = runCli(['contract', '--check', '--no-cache', 'lnk/kern.c', 'lnk/host.c'], { cwd });
  expect(r.stdout + r.stderr).toContain('would contract lnk/kern.c');
});
