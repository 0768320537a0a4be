import {
  END_MARKER,
  START_MARKER,
  cellText,
  markdownTable,
  median,
  ms,
  ratio,
  spliceResults,
  stepFilter,
} from '../../scripts/bench/util.js';

describe('bench helpers', () => {
  test('median', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  test('markdown table', () => {
    expect(
      markdownTable(
        ['a', 'n:'],
        [
          ['x|y', 1],
          [null, 2.5],
        ],
      ),
    ).toBe('| a | n |\n| --- | ---: |\n| x\\|y | 1 |\n| — | 2.5 |');
    expect(cellText(undefined)).toBe('—');
    expect(ms(3.14159)).toBe('3.1');
    expect(ms(314.6)).toBe('315');
    expect(ratio(3, 2)).toBe('1.50');
    expect(ratio(3, 0)).toBeNull();
    expect(ratio(null, 2)).toBeNull();
  });

  test('results splice: insert, then replace', () => {
    const readme = '# x\n\n## Samples\n\ntext\n\n## Limits\n\n- a\n';
    const once = spliceResults(readme, 'T1', '## Limits');
    expect(once).toBe(
      `# x\n\n## Samples\n\ntext\n\n## Results\n\n${START_MARKER}\nT1\n${END_MARKER}\n\n## Limits\n\n- a\n`,
    );
    const twice = spliceResults(once, 'T2\n', '## Limits');
    expect(twice).toBe(once.replace('T1', 'T2'));
    expect(spliceResults('# y', 'B')).toBe(
      `# y\n\n## Results\n\n${START_MARKER}\nB\n${END_MARKER}\n`,
    );
    expect(() => spliceResults(`a ${START_MARKER} b`, 'B')).toThrow();
  });

  // Guards `--only` (scripts/bench.ts): it runs the listed steps alone, `--skip` still wins,
  // and a misspelt step fails instead of silently running nothing.
  test('step selection: --skip and --only', () => {
    const steps = ['compression', 'time', 'poly'];
    const all = stepFilter(steps, '', '');
    expect(steps.map(all)).toEqual([null, null, null]);
    const skip = stepFilter(steps, 'time,nonsense', '');
    expect(steps.map(skip)).toEqual([null, '--skip', null]);
    const only = stepFilter(steps, 'poly', 'time,poly');
    expect(steps.map(only)).toEqual(['not in --only', null, '--skip']);
    expect(() => stepFilter(steps, '', 'polyy')).toThrow(/unknown step\(s\) polyy/);
  });
});
