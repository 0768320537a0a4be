/**
 * The model of every sample kernel (samples/, written from expected.json's point of view):
 * candidacy as expected, declared sizes, and ranges that slice to the text they claim.
 * Skipped (visibly) on a branch that does not have samples/ yet.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { buildModel } from '../../src/frontend/index.js';

interface ExpectedArray {
  name: string;
  function: string | null;
  candidate: boolean;
  originalCells?: number | string;
}
interface ExpectedSample {
  file: string;
  defines?: Record<string, number>;
  arrays: ExpectedArray[];
}

const dir = path.join(ROOT, 'samples');
const expectedFile = path.join(dir, 'expected.json');
const samples = (JSON.parse(readFileSync(expectedFile, 'utf8')) as { samples: ExpectedSample[] })
  .samples;

describe('models of the samples', () => {
  it('samples/expected.json lists samples', () => expect(samples.length).toBeGreaterThan(0));

  it.each(samples.map((s) => [s.file, s] as const))('%s', (_file, sample) => {
    const source = readFileSync(path.join(dir, sample.file), 'utf8');
    const defines = Object.fromEntries(
      Object.entries(sample.defines ?? {}).map(([k, v]) => [k, BigInt(v)]),
    );
    const m = buildModel(source, sample.file, { defines });
    for (const a of sample.arrays) {
      if (a.function === null) continue; // file-scope arrays no function touches
      const info = m.functions
        .find((f) => f.name === a.function)
        ?.arrays.find((x) => x.name === a.name);
      expect({ array: a.name, candidate: info?.candidate }).toEqual({
        array: a.name,
        candidate: a.candidate,
      });
      if (typeof a.originalCells === 'number') {
        const cells = info!.extents.reduce(
          (p, e) => (e.value === undefined ? NaN : p * Number(e.value)),
          1,
        );
        expect({ array: a.name, cells }).toEqual({ array: a.name, cells: a.originalCells });
      }
    }
    for (const f of m.functions) {
      for (const s of f.statements) {
        expect(source.slice(s.range.start, s.range.end)).toBe(s.text);
        for (const acc of s.accesses) {
          if (acc.indexRanges.length === 0) continue; // initializers: the brace list
          expect(source.slice(acc.range.start, acc.range.end).startsWith(acc.array)).toBe(true);
          expect(acc.indexRanges.length).toBe(acc.subscripts.length);
        }
      }
      for (const a of f.arrays) {
        const text = source.slice(a.declaratorRange.start, a.declaratorRange.end);
        expect(text.replace(/^[*\s]+/, '').startsWith(a.name)).toBe(true);
      }
    }
  });
});
