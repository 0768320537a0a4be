/**
 * The bytes a reason keeps count each array's storage once (found on zlib: deflate.c's
 * 80-byte z_errmsg, reported under deflateInit2_ and under deflate, was kept twice, and
 * trees.c's bl_order too: the code base's BC1003 said 670 bytes where its arrays hold fewer).
 * A file-scope array is reported under every function that uses it; its entries share the
 * place of its declaration. A function's own array (two functions may declare theirs through
 * one macro, at the same place) is its function's alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reportSummary } from '../../src/pipeline/reportSummary.js';
import { runCli } from '../helpers/cli.js';

const entry = (
  fn: string,
  name: string,
  storage: 'global' | 'stack',
  line: number,
  linkage?: 'external' | 'internal',
) => ({
  name,
  function: fn,
  line,
  column: 5,
  status: 'unchanged',
  code: storage === 'global' ? 'BC1126' : 'BC1011',
  storage,
  ...(linkage ? { linkage } : {}),
  originalBytes: 64,
});

describe('kept bytes of a reason, each storage once', () => {
  it.each([
    // [case, entries, bytes kept, entries listed]
    [
      'file-scope table used by two functions',
      [entry('f', 't', 'global', 2), entry('g', 't', 'global', 2)],
      64,
      2,
    ],
    ['two file-scope tables', [entry('f', 't', 'global', 2), entry('g', 'u', 'global', 3)], 128, 2],
    [
      'locals declared by one macro, same place',
      [entry('f', 'm', 'stack', 1), entry('g', 'm', 'stack', 1)],
      128,
      2,
    ],
  ] as const)('%s', (_, arrays, bytes, listed) => {
    const groups = reportSummary([{ file: 'a.c', arrays }]).kept;
    expect(groups.reduce((s, g) => s + Number(g.bytes), 0)).toBe(bytes);
    expect(groups.reduce((s, g) => s + g.items.length, 0)).toBe(listed);
  });

  it('the same file-scope table in two files is two arrays (a static of each)', () => {
    const arrays = [entry('f', 't', 'global', 2)];
    const [g] = reportSummary([
      { file: 'a.c', arrays },
      { file: 'b.c', arrays },
    ]).kept;
    expect(g!.bytes).toBe(128);
  });

  // Guards: a global with external linkage, defined in one file and declared extern in
  // another (libjpeg-turbo's 64 KB jpeg_nbits_table), kept its bytes once per file.
  it.each([
    // [case, entries of a.c, entries of b.c, bytes kept]
    [
      'external: definition and extern declaration, two places',
      [entry('f', 't', 'global', 2, 'external')],
      [entry('g', 't', 'global', 7, 'external')],
      64,
    ],
    [
      'internal: a static of each file',
      [entry('f', 't', 'global', 2, 'internal')],
      [entry('g', 't', 'global', 2, 'internal')],
      128,
    ],
    [
      'external, same name, another size: two objects',
      [entry('f', 't', 'global', 2, 'external')],
      [{ ...entry('g', 't', 'global', 2, 'external'), originalBytes: 32 }],
      96,
    ],
  ] as const)('across files, %s', (_, a, b, bytes) => {
    const groups = reportSummary([
      { file: 'a.c', arrays: a },
      { file: 'b.c', arrays: b },
    ]).kept;
    expect(groups.reduce((s, g) => s + Number(g.bytes), 0)).toBe(bytes);
    expect(groups.reduce((s, g) => s + g.items.length, 0)).toBe(2);
  });

  // Guards: a global contracted (a closed world's scratch) listed by two entries saved twice.
  it('a contracted global with external linkage saves once over the files listing it', () => {
    const shrunk = {
      ...entry('f', 'w', 'global', 2, 'external'),
      status: 'contracted',
      code: undefined,
      compressedBytes: 8,
      savedBytes: 56,
    };
    const s = reportSummary([
      { file: 'a.c', arrays: [shrunk] },
      { file: 'b.c', arrays: [{ ...shrunk, function: 'g', line: 9 }] },
    ]);
    expect(s.bytesSaved).toBe(56);
    expect(s.byFile).toEqual([{ file: 'a.c', bytesSaved: 56 }]);
    expect(s.byStorage).toEqual([{ storage: 'global', bytesSaved: 56 }]);
  });

  it('from the pipeline: one 64-byte global read by two functions keeps 64 bytes', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-kept-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'g.c'),
        `#define N 16
int table[N];
int f(int k) { int t[N]; int s = 0; for (int i = 0; i < N; i++) { t[i] = table[i] * k; s += t[i]; } return s; }
int g(int k) { int u[N]; int s = 0; for (int i = 0; i < N; i++) { u[i] = table[i] + k; s += u[i]; } return s; }
`,
      );
      const r = runCli(['contract', '--check', '--no-cache', 'g.c', '--report', 'json'], {
        cwd: dir,
      });
      const doc = JSON.parse(r.stderr.slice(r.stderr.indexOf('{')));
      expect(doc.summary.kept).toMatchObject([
        { code: 'BC1126', arrays: 2, bytes: 64, items: [{ function: 'f' }, { function: 'g' }] },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // Guards: int table[4096] defined in a.c, declared extern and read in b.c, kept 16384
  // bytes twice in the code base's summary (once per file that lists it).
  it('from the pipeline: a global defined in one file, extern in another, keeps 16384 once', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-kept-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'a.c'),
        `int table[4096];
int fill(int k) { int t[16]; int s = 0; for (int i = 0; i < 4096; i++) table[i] = i * k; for (int i = 0; i < 16; i++) { t[i] = table[i] * k; s += t[i]; } return s; }
`,
      );
      fs.writeFileSync(
        path.join(dir, 'b.c'),
        `extern int table[4096];
int sum(int k) { int u[16]; int s = 0; for (int i = 0; i < 16; i++) { u[i] = table[i] + k; s += u[i]; } return s; }
`,
      );
      const r = runCli(['contract', '--check', '--no-cache', 'a.c', 'b.c', '--report', 'json'], {
        cwd: dir,
      });
      const doc = JSON.parse(r.stderr.slice(r.stderr.indexOf('{')));
      const tables = doc.files.flatMap((f: { arrays: { name: string }[] }) =>
        f.arrays.filter((a) => a.name === 'table'),
      );
      expect(tables).toMatchObject([
        { storage: 'global', linkage: 'external', originalBytes: 16384 },
        { storage: 'global', linkage: 'external', originalBytes: 16384 },
      ]);
      const kept = doc.summary.kept as { bytes: number; items: { name: string }[] }[];
      expect(kept.flatMap((g) => g.items.map((i) => i.name))).toEqual(['table', 'table']);
      expect(kept.reduce((s, g) => s + g.bytes, 0)).toBe(16384);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
