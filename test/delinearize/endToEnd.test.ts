/**
 * End to end with the system C compiler: a hand-linearized buffer is delinearized,
 * contracted in its multi-dimensional view, and the contracted program computes what the
 * original computes, with every read finding its own cell (`beeclak check`).
 */
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

const FIXTURE = path.join('test', 'fixtures', 'delinearize', 'rows3.c');

describe('delinearized stencil rows (buf[H * W] read one row back)', () => {
  // Guards the rewriter's folded form for delinearized arrays: slot indices must be formed
  // from the view's components (i, j), not from the written linear index i * W + j.
  it('contracts buf through its [H][W] view and check passes', () => {
    const report = runCli(['analyze', FIXTURE, '--json']);
    expect(report.code).toBe(0);
    const buf = (
      JSON.parse(report.stdout) as {
        arrays: {
          name: string;
          status: string;
          originalCells: number;
          compressedCells: number;
          delinearization?: { applied: boolean; shapeTexts?: string[] };
        }[];
      }
    ).arrays.find((a) => a.name === 'buf')!;
    expect(buf.delinearization).toMatchObject({ applied: true, shapeTexts: ['H', 'W'] });
    expect(buf.status).toBe('contracted');
    expect(buf.originalCells).toBe(240);
    expect(buf.compressedCells).toBeLessThanOrEqual(20);

    const contracted = runCli(['contract', FIXTURE]);
    expect(contracted.code).toBe(0);
    // The comment next to the access is kept byte for byte; the linear index is gone.
    expect(contracted.stdout).toContain('/* last interior cell */;');
    expect(contracted.stdout).not.toContain('buf[i * W + j]');
    expect(contracted.stdout).not.toContain('long buf[H * W];');

    const check = runCli(['check', FIXTURE]);
    expect({ code: check.code, last: check.stdout.trim().split('\n').at(-1) }).toEqual({
      code: 0,
      last: 'ok',
    });
  });
});
