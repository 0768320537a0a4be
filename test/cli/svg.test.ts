/**
 * `analyze --svg DIR`: one picture per array with a conflict set, checked by structure: the
 * DS dots, the kernel lattice squares (none on a DS dot but 0: the mapping is admissible),
 * the mapping's text, and a well-formed SVG document.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyze } from '../../src/index.js';
import { arrayPicture } from '../../src/cli/svg/index.js';
import { runCli } from '../helpers/cli.js';

// t[i][j] is read by the next i at the same j: DS = {0} x [-7, 7] u {+-1} x [...]
const LINES = `#define R 6
#define C 8
void k(const int a[R][C], int b[R][C]) {
  int t[R][C];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      t[i][j] = a[i][j];
      b[i][j] = i > 0 ? t[i - 1][j] : t[i][j];
    }
}
`;

const points = (svg: string, cls: string) =>
  [...svg.matchAll(new RegExp(`class="${cls}"[^>]*data-point="([^"]+)"`, 'g'))].map((m) => m[1]!);

describe('SVG pictures', () => {
  it('draws DS, the kernel lattice and the mapping; no lattice point but 0 is in DS', async () => {
    const report = await analyze(LINES, { file: 'lines.c', heuristic: 'h1' });
    const t = report.arrays.find((a) => a.name === 't')!;
    expect(t.status).toBe('contracted');
    const picture = arrayPicture(t)!;
    expect(picture.file).toBe('k_t_4.svg');
    const svg = picture.svg;
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    const ds = points(svg, 'ds');
    const lattice = points(svg, 'lattice');
    expect(ds).toContain('0,0');
    expect(ds).toContain('0,7');
    expect(ds).not.toContain('0,8');
    expect(ds).not.toContain('2,0');
    expect(lattice).toContain('0,0');
    expect(lattice.length).toBeGreaterThan(1);
    expect(lattice.filter((p) => ds.includes(p))).toEqual(['0,0']);
    expect(svg).toContain('<text x="10" y="36" class="mapping">t[x0][x1] -&gt; ');
    // Every element is closed (self-closing or paired).
    const open = (svg.match(/<(circle|rect|line)\b[^>]*[^/]>/g) ?? []).length;
    expect(open).toBe(0);
  });

  it('analyze --svg DIR writes the picture and the lifetime chart of each array with a conflict set', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-svg-'));
    try {
      fs.writeFileSync(path.join(dir, 'lines.c'), LINES);
      const r = runCli(['analyze', 'lines.c', '--svg', 'pictures'], { cwd: dir });
      expect(r.code).toBe(0);
      expect(fs.readdirSync(path.join(dir, 'pictures')).sort()).toEqual([
        'k_t_4.svg',
        'k_t_4_lifetimes.svg',
      ]);
      // The lifetime chart: one bar per cell (R * C = 48), each from its write to its last
      // read; row i's cells live until the next row reads them.
      const chart = fs.readFileSync(path.join(dir, 'pictures', 'k_t_4_lifetimes.svg'), 'utf8');
      const bars = [
        ...chart.matchAll(
          /class="life" x="([\d.]+)" y="\d+" width="([\d.]+)"[^>]*data-cell="([^"]+)"/g,
        ),
      ];
      expect(bars).toHaveLength(48);
      const bar = (cell: string) => bars.find((b) => b[3] === cell)!;
      // t[0][0] lives until t[1][0] is written (longer than a few accesses); the last row's
      // cells die at once.
      expect(Number(bar('[0][0]')[2])).toBeGreaterThan(Number(bar('[5][7]')[2]) * 4);
      expect(Number(bar('[0][1]')[1])).toBeGreaterThan(Number(bar('[0][0]')[1]));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // Guards the chart drawing one bar per value: a cell rewritten once per row is 4 short
  // bars, not one bar from its first write to its last read (Bee's cell lifetime). Also
  // guards --svg computing the conflict set of an array whose cells are all live at once
  // (row), which the quick "no saving" bound would otherwise skip (src/pipeline/decision/noSaving.ts).
  it('the lifetime chart draws each value of a reused cell as its own bar', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-svg-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'reuse.c'),
        `void reuse(const int a[4][8], int b[4][8]) {
  int row[8];
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 8; j++) row[j] = a[i][j];
    for (int j = 0; j < 8; j++) b[i][j] = row[7 - j] + row[j];
  }
}
`,
      );
      expect(runCli(['analyze', 'reuse.c', '--svg', 'p'], { cwd: dir }).code).toBe(0);
      const chart = fs.readFileSync(path.join(dir, 'p', 'reuse_row_2_lifetimes.svg'), 'utf8');
      const bars = [
        ...chart.matchAll(
          /class="life"[^>]*data-cell="([^"]+)" data-from="(-?\d+)" data-to="(\d+)"/g,
        ),
      ].map((m) => ({ cell: m[1]!, from: Number(m[2]), to: Number(m[3]) }));
      expect(bars).toHaveLength(32);
      const cell0 = bars.filter((b) => b.cell === '[0]').sort((p, q) => p.from - q.from);
      expect(cell0).toHaveLength(4);
      for (let k = 1; k < 4; k++) expect(cell0[k]!.from).toBeGreaterThan(cell0[k - 1]!.to);
      expect(chart).toContain('value lifetimes');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
