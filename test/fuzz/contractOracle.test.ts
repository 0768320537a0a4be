import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contractOracle, evalSize } from '../../scripts/fuzz/contractOracle.js';
import { generateKernel } from '../../scripts/fuzz/generate.js';
import { maxLive, traceLifetimes } from '../../scripts/fuzz/lifetimes.js';

/**
 * A stand-in for `beeclak` speaking the documented interface; its first argument picks a
 * behaviour: honest no-op, a wrong mapping, a wrong output, a failing `check`, a refusal.
 */
const FAKE = `
import { readFileSync, writeFileSync } from 'node:fs';
const [mode, cmd, file, ...rest] = process.argv.slice(2);
if (file === '-i') {
  // A multi-file run: rewrites the files in place, one report per file.
  const files = rest.slice(0, rest.indexOf('--report'));
  const report = rest[rest.indexOf('--report-file') + 1];
  const arrays = (f) => f === 'kern.c' && mode === 'bad-kern'
    ? [{ name: 't0', function: 'kernel', status: 'scalarized', originalCells: 100, compressedCells: 1, mapping: { M: [], b: [] } }]
    : [];
  for (const f of files)
    if (f === 'kern.c' && mode === 'bad-kern')
      writeFileSync(f, readFileSync(f, 'utf8').replace(/unsigned \\*out(, int depth)?\\)\\n\\{/, (m) => m + ' out[0] += 1u;'));
  writeFileSync(report, JSON.stringify(files.map((f) => ({ file: f, arrays: arrays(f) }))));
  process.exit(0);
}
if (cmd === 'check') process.exit(mode === 'bad-check' ? 3 : mode === 'check-crash' ? 70 : 0);
if (mode === 'refuse') { console.error('original.c:1:1: refused'); process.exit(1); }
const out = rest[rest.indexOf('-o') + 1];
const report = rest[rest.indexOf('--report-file') + 1];
let src = readFileSync(file, 'utf8');
if (mode === 'bad-output') src = src.replace('h = (h ^ out[k]) * 16777619u;', 'h = (h ^ out[k]) * 16777619u + 1u;');
writeFileSync(out, src);
const arrays = mode === 'bad-mapping'
  ? [{ name: 't0', status: 'scalarized', originalCells: 100, compressedCells: 1, mapping: { M: [], b: [] } }]
  : [{ name: 't0', status: 'unchanged', reason: 'fake' }];
writeFileSync(report, JSON.stringify({ file, arrays }));
`;

describe('contractOracle (against a fake beeclak)', () => {
  let dir: string;
  let fake: string;
  // A program whose t0 has more than one live cell at some point: a scalar t0 is wrong.
  const seed = [...Array(50).keys()].find(
    (s) => maxLive(traceLifetimes(generateKernel(s).program).get('t0')!) > 1,
  )!;
  const kernel = generateKernel(seed);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'beeclak-fake-'));
    fake = join(dir, 'beeclak.mjs');
    writeFileSync(fake, FAKE);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const oracle = (mode: string) => contractOracle({ beeclak: [process.execPath, fake, mode] });

  it('passes an honest transformation', async () => {
    expect(await oracle('identity')(kernel)).toMatchObject({ status: 'pass', contractedArrays: 0 });
  });

  it('reports a mapping that shares a slot between conflicting cells', async () => {
    const r = await oracle('bad-mapping')(kernel);
    expect(r).toMatchObject({ status: 'mismatch', contractedArrays: 1, cellsSaved: 99 });
    expect(r.detail).toMatch(/t0: mapping .* maps conflicting cells/);
  });

  it('reports a different checksum, a failing check and a refusal', async () => {
    expect((await oracle('bad-output')(kernel)).detail).toMatch(/output differs/);
    expect(await oracle('bad-check')(kernel)).toMatchObject({
      status: 'mismatch',
      detail: 'beeclak check found a difference',
    });
    expect(await oracle('check-crash')(kernel)).toMatchObject({
      status: 'crash',
      detail: 'beeclak check exited 70 (internal error)',
    });
    expect(await oracle('refuse')(kernel)).toMatchObject({
      status: 'crash',
      detail: 'beeclak contract exited 1',
    });
  });

  it('contracts a unity build with contract -i over its files and builds its main file', async () => {
    // The fake changes kern.c (which the main file includes) and reports t0 scalarized in
    // it: the oracle must build the main file with the rewritten kern.c, and read the
    // report of the file that defines the kernel.
    const unity = [...Array(200).keys()]
      .map((s) => generateKernel(s, { calls: { calls: 1, unity: 1 } }))
      .find((k) => k.files && k.program.calls!.scratch.some((x) => x.name === 't0'))!;
    expect(await oracle('identity')(unity)).toMatchObject({ status: 'pass' });
    const r = await oracle('bad-kern')(unity);
    expect(r).toMatchObject({ status: 'mismatch', contractedArrays: 1 });
    expect(r.detail).toMatch(/output differs/);
  });

  it('evaluates symbolic sizes of the report', () => {
    const env = { n: 5, M: 8 };
    expect(evalSize('2*n', env)).toBe(10);
    expect(evalSize('M*n', env)).toBe(40);
    expect(evalSize('(n - 1)*2 + max(M, 3)', env)).toBe(16);
    expect(evalSize(7, env)).toBe(7);
    expect(evalSize('k', env)).toBeNull();
    expect(evalSize('', env)).toBeNull();
    expect(evalSize('2**n', env)).toBeNull();
  });
});
