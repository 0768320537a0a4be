/**
 * The footprint step's verdict (scripts/bench/footprint.ts) and the saved-bytes helpers the
 * bench, the corpus and the real-programs script share (scripts/bench/memory.ts). Guards the
 * check of issue 26: never more memory after contraction, within 10% of (original − saved).
 */
import { footprintFailures, type KernelFootprint } from '../../scripts/bench/footprint.js';
import { savedByStorage, storageText } from '../../scripts/bench/memory.js';

const kernel = (over: Partial<KernelFootprint>): KernelFootprint => ({
  kernel: 'k',
  changed: 'kernel_k:tmp, main:tmp',
  savedBytes: 0,
  maxLiveBytes: null,
  peakBeforeKb: null,
  peakAfterKb: null,
  heapBefore: null,
  heapAfter: null,
  identical: true,
  failures: [],
  ...over,
});

describe('footprint check', () => {
  // saved, heap before -> after, RSS KB before -> after: holds?
  const cases: [string, Partial<KernelFootprint>, boolean][] = [
    ['adi as measured', { savedBytes: 638416, heapBefore: 1280000, heapAfter: 641584 }, true],
    ['heap grows by a byte', { savedBytes: 0, heapBefore: 1000, heapAfter: 1001 }, false],
    [
      'saves far less than said',
      { savedBytes: 600000, heapBefore: 1280000, heapAfter: 1200000 },
      false,
    ],
    ['RSS noise within 128 KB', { peakBeforeKb: 2772, peakAfterKb: 2864 }, true],
    ['RSS grows beyond the noise', { peakBeforeKb: 2000, peakAfterKb: 2200 }, false],
    [
      'RSS within 10% of the bound',
      { savedBytes: 638416, peakBeforeKb: 2516, peakAfterKb: 1884 },
      true,
    ],
    ['outputs differ', { identical: false }, false],
    // durbin, nothing changed: the same program, whose RSS moved by 124 KB between runs.
    [
      'nothing changed: RSS noise not judged',
      { changed: 'none', peakBeforeKb: 1236, peakAfterKb: 1360 },
      true,
    ],
    ['nothing changed, outputs differ', { changed: 'none', identical: false }, false],
  ];
  test.each(cases)('%s', (_, over, holds) => {
    expect(footprintFailures(kernel(over)).length === 0).toBe(holds);
  });
});

describe('bytes saved by storage class', () => {
  test('sums savedBytes per storage, leaves out classes that save nothing', () => {
    const saved = savedByStorage([
      { name: 'tmp', function: 'main', status: 'contracted', storage: 'heap', savedBytes: 3112 },
      { name: 'tmp', function: 'k', status: 'scalarized', storage: 'parameter', savedBytes: 0 },
      { name: 'w', function: 'f', status: 'contracted', storage: 'static', savedBytes: 16352 },
      { name: 'a', function: 'f', status: 'scalarized', storage: 'static', savedBytes: 4088 },
      { name: 'c', function: 'g', status: 'contracted', storage: 'parameter', savedBytes: -64 },
    ]);
    expect(storageText(saved)).toBe('static 20440, heap 3112, parameter -64');
    expect(storageText(new Map())).toBe('—');
  });
});
