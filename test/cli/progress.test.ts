/**
 * The progress line of a long run (issue 29, item 3): on a terminal only, after a while,
 * rewritten in place and erased at the end. A fake clock: nothing here is timed.
 */
import { functionProgress, type Terminal } from '../../src/cli/progress.js';

function fakeTerminal(isTTY: boolean) {
  const written: string[] = [];
  const terminal: Terminal = { isTTY, write: (s: string) => written.push(s) };
  return { terminal, written };
}

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

it('prints nothing into a pipe or a file (stderr not a terminal)', () => {
  const { terminal } = fakeTerminal(false);
  expect(functionProgress('f.c', terminal)).toBeUndefined();
});

it('prints nothing for a short run', () => {
  const { terminal, written } = fakeTerminal(true);
  const c = clock();
  const p = functionProgress('f.c', terminal, { after: 2000, now: c.now })!;
  c.advance(1999);
  p.step(1, 2);
  p.end();
  expect(written).toEqual([]);
});

it('after a while: one line, rewritten in place at most every 200 ms, erased at the end', () => {
  const { terminal, written } = fakeTerminal(true);
  const c = clock();
  const p = functionProgress('f.c', terminal, { after: 2000, every: 200, now: c.now })!;
  c.advance(2000);
  p.step(1234, 43000);
  c.advance(100);
  p.step(1235, 43000); // too soon: not written
  c.advance(100);
  p.step(1236, 43000);
  p.end();
  expect(written).toEqual([
    '\r\x1b[Kbeeclak: f.c: function 1234/43000',
    '\r\x1b[Kbeeclak: f.c: function 1236/43000',
    '\r\x1b[K',
  ]);
});
