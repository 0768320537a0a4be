import { runCli } from '../helpers/cli.js';
import { formatChoice, choiceToJson, runLattice } from '../../src/cli/commands/lattice.js';
import type { PolySet } from '../../src/poly/types.js';

const space = { params: ['N'], dims: ['a', 'b'] };
// Toeplitz y with a parameter: -(N-1) <= a + 2b <= N-1, -(N-1) <= a - b <= N-1, -1 <= b <= 1.
const toeplitzN: PolySet = {
  space,
  pieces: [
    {
      space,
      nLocals: 0,
      eqs: [],
      ineqs: [
        [-1n, 1n, 1n, 2n],
        [-1n, 1n, -1n, -2n],
        [-1n, 1n, 1n, -1n],
        [-1n, 1n, -1n, 1n],
        [1n, 0n, 0n, 1n],
        [1n, 0n, 0n, -1n],
      ],
    },
  ],
};

describe('beeclak lattice', () => {
  it('prints minima, heuristics and the optimum for the Toeplitz y at N = 100', async () => {
    const c = await runLattice(toeplitzN, {
      heuristic: 'auto',
      params: { N: 100n },
      budgetMs: 5000,
    });
    const text = formatChoice(toeplitzN, c);
    expect(text).toContain('lambda1 = 1/99  x1 = (1, 0)');
    expect(text).toContain('lambda2 = 1  x2 = (0, 1)');
    expect(text).toMatch(/h1a .*size 200/);
    // The hull heuristic finds the optimum; the search proves nothing is smaller.
    expect(text).toMatch(/hull .*: \(2a \+ b mod 197\)  size 197/);
    expect(text).toContain('optimal search: nothing smaller than 197 (proved optimal');
    expect(text).toContain('chosen (h1a): (a mod 100, b mod 2)  size 200');
    const json = choiceToJson(toeplitzN, c) as {
      chosen: { size: number };
      optimal: { size: number };
    };
    expect(json.chosen.size).toBe(200);
    expect(json.optimal.size).toBe(197);
  });

  it('chooseMapping refuses a missing parameter value with an input error', async () => {
    await expect(runLattice(toeplitzN, { heuristic: 'h3' })).rejects.toThrow(
      /no value for parameter N/,
    );
  });

  it('exits 2 on a bad --heuristic and never prints a stack trace', () => {
    const r = runCli(['lattice', '{ [a] : -1 <= a <= 1 }', '--heuristic', 'best']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('beeclak lattice with symbolic parameters', () => {
  it('prints proved symbolic moduli when a parameter has no value', () => {
    const r = runCli([
      'lattice',
      '[N] -> { [a, b] : -N < a + 2b < N and -N < a - b < N and -1 <= b <= 1 }',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('chosen (h3, basis identity): (a mod N, b mod 2)');
  });
});
