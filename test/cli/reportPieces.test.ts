/**
 * A report file written in pieces (src/pipeline/jsonPieces.ts, issue 29 item 3: the JSON
 * report of 5 MB of kernels is 41 MB, and as one string it was the run's peak of memory):
 * the pieces joined are exactly `JSON.stringify(value, null, 2)`, and `--report-file` holds
 * the same bytes as the report printed on stderr.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jsonPieces } from '../../src/pipeline/jsonPieces.js';
import { writeOutput } from '../../src/cli/outputFile.js';
import { runCli } from '../helpers/cli.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-pieces-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const nullPrototype = Object.assign(Object.create(null) as object, { a: 1, b: [2] });

// Every case JSON.stringify lays out or leaves out in its own way.
const VALUES: [string, unknown][] = [
  ['scalars', [1, -0, NaN, Infinity, 'a', true, null]],
  ['empty', { a: [], b: {}, c: [[]], d: [{}] }],
  ['left out of objects', { a: undefined, b: () => 1, c: Symbol('s'), d: 1 }],
  ['only left-out members', { a: undefined }],
  ['null in arrays', [undefined, () => 1, Symbol('s')]],
  ['holes', [1, , 3]], // eslint-disable-line no-sparse-arrays
  ['integer keys first', { b: 1, 2: 'two', a: { 1: 'x', z: [1, 2] } }],
  ['toJSON', { when: new Date(0), own: { toJSON: () => ({ x: [1, 2] }) } }],
  ['boxed', { n: Object(3), s: Object('s') }],
  ['no prototype', { p: nullPrototype }],
  ['strings with breaks', { 'a\nb': 'line\nbreak', t: ['\t"\\'] }],
  ['deeper than split', { a: [{ b: [{ c: [{ d: { e: [1, { f: 2 }] } }] }] }] }],
  ['a report', { files: [{ arrays: [{ name: 't', facts: { M: [[1, 0]] } }] }], skipped: [] }],
];

describe('jsonPieces', () => {
  // Guards the layout: a piece indented otherwise, a member left out or written as null
  // where JSON.stringify does the other, changes the report's bytes.
  it.each(VALUES)('%s: the pieces are JSON.stringify(v, null, 2)', (_, v) => {
    for (const levels of [0, 1, 2, 4, 9])
      expect([...jsonPieces(v, levels)].join('')).toBe(JSON.stringify(v, null, 2));
  });
});

describe('writeOutput in pieces', () => {
  // Guards the batching: a piece lost or repeated between two writes.
  it('writes the pieces in order, a new file and over an old one', async () => {
    const file = path.join(tmp, 'pieces.txt');
    const pieces = Array.from({ length: 3000 }, (_, k) => `${k}:${'x'.repeat(k % 997)}\n`);
    await writeOutput(file, pieces);
    expect(fs.readFileSync(file, 'utf8')).toBe(pieces.join(''));
    await writeOutput(file, ['short']);
    expect(fs.readFileSync(file, 'utf8')).toBe('short');
    await writeOutput(file, []);
    expect(fs.readFileSync(file, 'utf8')).toBe('');
  });
});

describe('contract --report-file', () => {
  // Guards the report file against the report printed: the same document, byte for byte.
  it('the same bytes as the JSON report on stderr', () => {
    fs.writeFileSync(
      path.join(tmp, 'k.c'),
      `#define N 8
void kernel(const int a[N], int b[N]) {
  int t[N], u[N][N];
  for (int i = 0; i < N; i++) { t[i] = a[i] + 1; b[i] = t[i] * 2; }
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) u[i][j] = a[j];
  b[0] = u[1][2];
}
`,
    );
    const printed = runCli(['contract', 'k.c', '-o', 'out.c', '--report', 'json'], { cwd: tmp });
    const filed = runCli(['contract', 'k.c', '-o', 'out.c', '--report-file', 'r.json'], {
      cwd: tmp,
    });
    expect(filed.code).toBe(0);
    expect(fs.readFileSync(path.join(tmp, 'r.json'), 'utf8')).toBe(printed.stderr);
  });
});
