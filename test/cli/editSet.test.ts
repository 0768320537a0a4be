/**
 * `contract -i` over a file set writes one edit set, all or none (issue 27, item 2;
 * src/cli/outputFile.ts `writeOutputs`): every text goes to a temporary file first, then all
 * are renamed; a failure before or during the renames leaves every file as it was.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { writeOutputs } from '../../src/cli/outputFile.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-editset-'));
  for (const f of ['a.c', 'b.c', 'c.c']) fs.writeFileSync(path.join(dir, f), `old ${f}\n`);
});
afterEach(() => {
  jest.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

const entries = () =>
  ['a.c', 'b.c', 'c.c'].map((f) => ({ file: path.join(dir, f), text: `new ${f}\n` }));
const texts = () =>
  fs
    .readdirSync(dir)
    .sort()
    .map((f) => `${f}: ${fs.readFileSync(path.join(dir, f), 'utf8').trim()}`);

describe('an edit set is written all or none', () => {
  it('writes every file', async () => {
    await writeOutputs(entries());
    expect(texts()).toEqual(['a.c: new a.c', 'b.c: new b.c', 'c.c: new c.c']);
  });

  // Guards a file refused after others were written: -i wrote files one after the other.
  it('a file that cannot be written leaves the others as they were, and no temporary', async () => {
    fs.chmodSync(path.join(dir, 'c.c'), 0o444);
    await expect(writeOutputs(entries())).rejects.toThrow(/c\.c.*read-only/);
    expect(texts()).toEqual(['a.c: old a.c', 'b.c: old b.c', 'c.c: old c.c']);
  });

  // Guards a rename that fails half-way: the files renamed before it are put back.
  it('a rename that fails puts back the files renamed before it', async () => {
    const rename = fs.renameSync;
    let calls = 0;
    jest.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (++calls === 2) throw Object.assign(new Error('EIO'), { code: 'EIO' });
      rename(from, to);
    });
    await expect(writeOutputs(entries())).rejects.toThrow(/input\/output error/);
    expect(texts()).toEqual(['a.c: old a.c', 'b.c: old b.c', 'c.c: old c.c']);
  });

  // Guards an interruption during the renames: the signal waits for the tree to be whole.
  it('a SIGINT during the renames takes effect after them', async () => {
    const rename = fs.renameSync;
    const order: string[] = [];
    jest.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (order.length === 0) process.emit('SIGINT', 'SIGINT');
      order.push(path.basename(String(to)));
      rename(from, to);
    });
    const kill = jest.spyOn(process, 'kill').mockImplementation(() => {
      order.push('signal');
      return true;
    });
    await writeOutputs(entries());
    expect(order).toEqual(['a.c', 'b.c', 'c.c', 'signal']);
    expect(kill).toHaveBeenCalledWith(process.pid, 'SIGINT');
    expect(texts()).toEqual(['a.c: new a.c', 'b.c: new b.c', 'c.c: new c.c']);
  });
});
