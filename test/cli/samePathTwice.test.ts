/**
 * One file given under two paths (`lnk/x.c` through a symlinked folder, and `src/x.c`): the
 * file list took them apart (lexical paths), so the report counted its saving twice (summary,
 * byFile, the text line) and `-i` contracted it twice. And `b/../src/x.c` with `b` a symlink
 * is another file than `src/x.c`, which the lexical reading dropped as a repeat. Files are
 * now told apart by their real paths (cli/files.ts).
 */
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
  expect(written.stdout + written.stderr).not.toContain('contracted src/x.c');
  // Written once: a second run over the written file changes nothing.
  expect(runCli(['contract', '--check', '--no-cache', 'src/x.c'], { cwd }).code).toBe(0);
});

it('b/../src/x.c through a symlinked b is another file than src/x.c', () => {
  const cwd = tree('other');
  const r = runCli(['contract', '--check', '--no-cache', 'b/../src/x.c', 'src/x.c'], { cwd });
  expect(r.stdout + r.stderr).toMatch(/2 files, 2 would change/);
});
