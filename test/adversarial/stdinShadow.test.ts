/**
 * The preprocessor reads the file from its standard input, and GCC looks for a quoted
 * include of its input in its working directory before the `-iquote` folder: run from a
 * folder with a ./cfg.h of its own, `contract src/k.c` read ./cfg.h (SCALE(i) 1.0), not
 * src/cfg.h (SCALE(i) t[0]), contracted t to two cells, and the build of the result, which
 * reads src/cfg.h, read a reused cell. Such a reading now refuses the file (an InputError
 * that names the two files); from the file's folder the same file is read as the compiler
 * reads it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contract } from '../../src/index.js';

const SOURCE = [
  '#include <stdio.h>',
  '#include "cfg.h"',
  'static double kern(const double *in) {',
  '  double t[16], s = 0;',
  '  for (int i = 0; i < 16; i++) {',
  '    t[i] = in[i] * 0.5;',
  '    if (i >= 1) s += t[i - 1] * SCALE(i);',
  '  }',
  '  return s;',
  '}',
  '',
].join('\n');

describe('a quoted include the working directory shadows', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'beeclak-shadow-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  mkdirSync(path.join(work, 'src'));
  writeFileSync(path.join(work, 'cfg.h'), '#define SCALE(i) 1.0\n');
  writeFileSync(path.join(work, 'src', 'cfg.h'), '#define SCALE(i) t[0]\n');
  const file = path.join(work, 'src', 'k.c');
  writeFileSync(file, SOURCE);

  it('refuses the file when the preprocessor runs elsewhere', async () => {
    await expect(contract(SOURCE, { file, compiler: { cwd: work } })).rejects.toThrow(
      /working directory/,
    );
  });

  it('reads the file beside it from the file’s folder', async () => {
    const r = await contract(SOURCE, { file, compiler: { cwd: path.join(work, 'src') } });
    expect(r.changed).toBe(false);
  });
});
