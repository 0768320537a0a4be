/**
 * Writing outputs (src/cli/outputFile.ts) without destroying what was there (issue 29,
 * item 1): modes and owners kept, symbolic links written through, devices and FIFOs written
 * into (never replaced), read-only files refused, and only what was written counted.
 *
 * Some cases need root (a device node, another user's file, root's power to rename over a
 * read-only file): they are skipped with a warning otherwise. As root, the cases of an
 * ordinary user run as `nobody` (uid 65534).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN, runBin, runCli } from '../helpers/cli.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-out-'));
// `nobody` writes here too.
fs.chmodSync(tmp, 0o777);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const FUSED = `#define N 8
void kernel(const int a[N], int b[N]) {
  int t[N];
  for (int i = 0; i < N; i++) { t[i] = a[i] + 1; b[i] = t[i] * 2; }
}
`;
const CONTRACTED = 'int t;';

let serial = 0;
/** A fresh folder with `kernel.c` in it. */
function folder(): { dir: string; src: string } {
  const dir = path.join(tmp, `case${serial++}`);
  fs.mkdirSync(dir, { mode: 0o777 });
  fs.chmodSync(dir, 0o777);
  const src = path.join(dir, 'kernel.c');
  fs.writeFileSync(src, FUSED);
  return { dir, src };
}

const isRoot = process.getuid?.() === 0;
const asRoot = isRoot ? it : it.skip;
if (!isRoot) console.warn('outputFile.test.ts: not root, the cases that need root are skipped');

const NOBODY = 65534;
/** The CLI run as an ordinary user (possible only from root). */
function runAsNobody(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    uid: NOBODY,
    gid: NOBODY,
    env: { ...process.env, BEECLAK_DEBUG: '', HOME: cwd, BEECLAK_CODE_CACHE: '0' },
    timeout: 180_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const mode = (f: string) => fs.statSync(f).mode & 0o7777;

describe('contract -i keeps what the file was', () => {
  // Guards the temporary file's mode: it was created with the umask's 644 and renamed over
  // the source, so -i turned 600 into 644 and an executable 755 into 644.
  it.each([0o600, 0o755, 0o640])('keeps mode %o', (m) => {
    const { src } = folder();
    fs.chmodSync(src, m);
    const r = runCli(['contract', '-i', '--no-cache', src]);
    expect(r.stderr).toContain('1 contracted');
    expect(fs.readFileSync(src, 'utf8')).toContain(CONTRACTED);
    expect(mode(src)).toBe(m);
  });

  // Guards the owner: as root, the renamed temporary file belonged to root.
  asRoot('keeps the owner and group (as root)', () => {
    const { src } = folder();
    fs.chownSync(src, 1234, 5678);
    const r = runCli(['contract', '-i', '--no-cache', src]);
    expect(r.code).toBe(0);
    expect(fs.readFileSync(src, 'utf8')).toContain(CONTRACTED);
    expect(fs.statSync(src)).toMatchObject({ uid: 1234, gid: 5678 });
  });

  // Guards the symbolic link: the rename replaced the link by a regular file and left its
  // target, the file the user meant, unchanged.
  it('a symlinked source stays a link; its target is rewritten', () => {
    const { dir, src } = folder();
    const link = path.join(dir, 'link.c');
    fs.symlinkSync('kernel.c', link);
    const r = runCli(['contract', '-i', '--no-cache', link]);
    expect(r.code).toBe(0);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(link)).toBe('kernel.c');
    expect(fs.readFileSync(src, 'utf8')).toContain(CONTRACTED);
  });

  // Guards an interrupted -i: a write that stops half-way (past a file size limit of 1 KiB,
  // as on a full disk) leaves the source whole, as it was, and no temporary file.
  it('a write that fails half-way leaves the source as it was', () => {
    const { dir, src } = folder();
    const big = FUSED + `/* ${'x'.repeat(4000)} */\n`;
    fs.writeFileSync(src, big);
    const r = spawnSync(
      'bash',
      ['-c', `ulimit -f 1; exec "${process.execPath}" "${BIN}" contract -i --no-cache kernel.c`],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, BEECLAK_CODE_CACHE: '0' } },
    );
    expect(r.status).toBe(4);
    expect(r.stderr).toContain("cannot write 'kernel.c': file too large");
    expect(r.stderr).toContain('1 file, 0 contracted, 1 skipped, 0 bytes saved');
    expect(fs.readdirSync(dir)).toEqual(['kernel.c']);
    expect(fs.readFileSync(src, 'utf8')).toBe(big);
  });
});

describe('contract -o onto what is not a plain file', () => {
  it('writes through a symbolic link, also a dangling one, and keeps the link', () => {
    const { dir, src } = folder();
    fs.writeFileSync(path.join(dir, 'target.c'), 'old\n');
    fs.symlinkSync('target.c', path.join(dir, 'out.c'));
    fs.symlinkSync('missing.c', path.join(dir, 'dangling.c'));
    for (const out of ['out.c', 'dangling.c']) {
      const r = runCli(['contract', src, '-o', out], { cwd: dir });
      expect(r.code).toBe(0);
      expect(fs.lstatSync(path.join(dir, out)).isSymbolicLink()).toBe(true);
    }
    expect(fs.readFileSync(path.join(dir, 'target.c'), 'utf8')).toContain(CONTRACTED);
    expect(fs.readFileSync(path.join(dir, 'missing.c'), 'utf8')).toContain(CONTRACTED);
  });

  // Guards /dev/stdout (a link to /proc/self/fd/1): renamed over, the output went into a
  // new file instead of the pipe. A link of our own stands for /dev/stdout (the old code,
  // as root, would have replaced the system's). The binary: descriptor 1 is a process's.
  it('-o a link to /proc/self/fd/1 (as /dev/stdout) prints the program', () => {
    const { dir, src } = folder();
    const stdout = path.join(dir, 'stdout');
    fs.symlinkSync('/proc/self/fd/1', stdout);
    const r = runBin(['contract', src, '-o', stdout]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(CONTRACTED);
    expect(fs.lstatSync(stdout).isSymbolicLink()).toBe(true);
  });

  // Guards a FIFO: renamed over, the reader waiting on it never got anything.
  it('-o a FIFO: the reader gets the program, the FIFO stays', async () => {
    const { dir, src } = folder();
    const fifo = path.join(dir, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = spawn('cat', [fifo]);
    let got = '';
    reader.stdout.on('data', (d) => (got += d));
    const ended = new Promise((resolve) => reader.on('close', resolve));
    // Asynchronous: the CLI and `cat` meet on the FIFO.
    const cli = spawn(process.execPath, [BIN, 'contract', src, '-o', fifo]);
    const code = await new Promise((resolve) => cli.on('close', resolve));
    // A FIFO replaced by a file leaves `cat` waiting for a writer: ended, not awaited forever.
    const stop = setTimeout(() => reader.kill(), 5000);
    await ended;
    clearTimeout(stop);
    expect(code).toBe(0);
    expect(got).toContain(CONTRACTED);
    expect(fs.statSync(fifo).isFIFO()).toBe(true);
  });

  // Guards a device node: as root, `-o /dev/null` replaced the device by a regular file.
  // A node of our own (the null device, 1:3) stands for /dev/null.
  asRoot('-o a device node writes into it and leaves it a device (as root)', () => {
    const { dir, src } = folder();
    const dev = path.join(dir, 'null');
    expect(spawnSync('mknod', [dev, 'c', '1', '3']).status).toBe(0);
    const r = runCli(['contract', src, '-o', dev]);
    expect(r.code).toBe(0);
    expect(fs.statSync(dev).isCharacterDevice()).toBe(true);
  });

  it('-o a directory is refused with a clear message', () => {
    const { dir, src } = folder();
    const r = runCli(['contract', src, '-o', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`cannot write '${dir}': it is a directory`);
  });
});

describe('what cannot be written is refused, and not counted', () => {
  // Guards a read-only output: root renamed over it (a user gets "permission denied").
  it('-o a read-only file: exit 1, the file unchanged', () => {
    const { dir, src } = folder();
    const out = path.join(dir, 'out.c');
    fs.writeFileSync(out, 'old\n');
    fs.chmodSync(out, 0o444);
    const r = runCli(['contract', src, '-o', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`cannot write '${out}': it is read-only (mode 444)`);
    expect(fs.readFileSync(out, 'utf8')).toBe('old\n');
    expect(mode(out)).toBe(0o444);
  });

  // Guards the summary: a file -i could not write was still counted as contracted and its
  // bytes as saved.
  it('-i over a read-only file and a writable one counts only the one written', () => {
    const { dir, src } = folder();
    const locked = path.join(dir, 'locked.c');
    fs.writeFileSync(locked, FUSED);
    fs.chmodSync(locked, 0o444);
    const r = runCli(['contract', '-i', '--no-cache', dir]);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`cannot write '${locked}': it is read-only`);
    // One file of 8 ints became one int: 28 bytes, not 56.
    expect(r.stderr).toContain('2 files, 1 contracted, 1 skipped, 28 bytes saved');
    expect(fs.readFileSync(locked, 'utf8')).toBe(FUSED);
    expect(fs.readFileSync(src, 'utf8')).toContain(CONTRACTED);
  });

  // As an ordinary user: a file of another user in a folder anyone may write (the rename
  // would give it to the writer), and a read-only file of one's own.
  asRoot('as an ordinary user: another user’s file and a read-only file are refused', () => {
    const { dir, src } = folder();
    fs.chmodSync(src, 0o666);
    const theirs = runAsNobody(['contract', '-i', '--no-cache', 'kernel.c'], dir);
    expect(theirs.stderr).toContain("cannot write 'kernel.c': it belongs to another user");
    expect(fs.readFileSync(src, 'utf8')).toBe(FUSED);
    fs.chownSync(src, NOBODY, NOBODY);
    fs.chmodSync(src, 0o444);
    const readOnly = runAsNobody(['contract', '-i', '--no-cache', 'kernel.c'], dir);
    expect(readOnly.stderr).toContain("cannot write 'kernel.c': it is read-only (mode 444)");
    fs.chmodSync(src, 0o600);
    const own = runAsNobody(['contract', '-i', '--no-cache', 'kernel.c'], dir);
    expect(own.code).toBe(0);
    expect(fs.statSync(src)).toMatchObject({ uid: NOBODY, mode: fs.statSync(src).mode });
    expect(mode(src)).toBe(0o600);
    expect(fs.readFileSync(src, 'utf8')).toContain(CONTRACTED);
  });
});
