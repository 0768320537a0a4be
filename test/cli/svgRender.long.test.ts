/**
 * The pictures of `analyze --svg` as a browser draws them: each SVG is rendered by headless
 * Chromium and the screenshot decoded, then every element the picture claims is checked on
 * its pixels (a DS dot is blue at its centre, a lattice square red on its edge, a lifetime
 * bar blue in its middle, the gap between two values of one cell white). Catches SVG that
 * parses but draws nothing, elements drawn outside the canvas or under others, and a
 * wrong scale. Needs Chromium (`apt-get install chromium fonts-dejavu-core`): without it
 * these tests are skipped with a notice, and fail under BEECLAK_REQUIRE_TOOLS=1 (CI, .ci/run,
 * which installs it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium, renderSvg, svgSize } from '../helpers/chromium.js';
import { countColour, decodePng, pixel, type Image } from '../helpers/png.js';
import { runCli } from '../helpers/cli.js';
import { describeWithTool } from '../helpers/optionalTool.js';

const chromium = findChromium();
const CHROMIUM = {
  name: 'chromium',
  found: chromium !== undefined,
  install: 'apt-get install chromium fonts-dejavu-core',
};

const DS_BLUE = '#1f5fbf';
const LATTICE_RED = '#c0392b';
const BAR_BLUE = '#1f5fbf';
const WHITE = '#ffffff';

// k: 2-D, t[i][j] read at the next i (DS a band, mapping t[x0 - x1 mod 9]); reuse: 1-D, each
// cell of row holds 4 values one after the other; k3: 3-D, t read at the next j only.
const SOURCE = `#define R 6
#define C 8
void k(const int a[R][C], int b[R][C]) {
  int t[R][C];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      t[i][j] = a[i][j];
      b[i][j] = i > 0 ? t[i - 1][j] : t[i][j];
    }
}
void reuse(const int a[4][8], int b[4][8]) {
  int row[8];
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 8; j++) row[j] = a[i][j];
    for (int j = 0; j < 8; j++) b[i][j] = row[7 - j] + row[j];
  }
}
void k3(const int a[4][R][C], int b[4][R][C]) {
  int t[4][R][C];
  for (int p = 0; p < 4; p++)
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++) {
        t[p][i][j] = a[p][i][j];
        b[p][i][j] = j > 0 ? t[p][i][j - 1] + t[p][i][j] : t[p][i][j];
      }
}
`;

const attr = (element: string, name: string) =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(element)?.[1] ?? '';
const elements = (svg: string, tag: string, cls: string) =>
  [...svg.matchAll(new RegExp(`<${tag} class="${cls}"[^>]*>`, 'g'))].map((m) => m[0]);

/** Non-white pixels in a rectangle: something is drawn there. */
function inked(image: Image, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (pixel(image, x, y) !== WHITE) n++;
  return n;
}

describeWithTool(CHROMIUM, 'the pictures rendered by Chromium', () => {
  let dir: string;
  const render = (file: string) => {
    const svgFile = path.join(dir, 'pictures', file);
    const svg = fs.readFileSync(svgFile, 'utf8');
    const image = decodePng(renderSvg(chromium!, svgFile));
    expect({ width: image.width, height: image.height }).toEqual(svgSize(svg));
    return { svg, image };
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-render-'));
    fs.writeFileSync(path.join(dir, 'k.c'), SOURCE);
    const r = runCli(['analyze', 'k.c', '--svg', 'pictures'], { cwd: dir });
    expect(r.code).toBe(0);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a conflict picture and a lifetime chart per array with a conflict set', () => {
    expect(fs.readdirSync(path.join(dir, 'pictures')).sort()).toEqual([
      'k3_t_19.svg',
      'k3_t_19_lifetimes.svg',
      'k_t_4.svg',
      'k_t_4_lifetimes.svg',
      'reuse_row_12.svg',
      'reuse_row_12_lifetimes.svg',
    ]);
  });

  it('2-D: every DS dot and lattice square is drawn where the SVG puts it, with the mapping', () => {
    const { svg, image } = render('k_t_4.svg');
    const dots = elements(svg, 'circle', 'ds');
    const squares = elements(svg, 'rect', 'lattice');
    // DS = {0} x [-7, 7] u {-1} x [0, 7] u {1} x [-7, 0]: 31 points.
    expect(dots).toHaveLength(31);
    for (const d of dots) expect(pixel(image, +attr(d, 'cx'), +attr(d, 'cy'))).toBe(DS_BLUE);
    const onDots = new Set(dots.map((d) => attr(d, 'data-point')));
    const free = squares.filter((s) => !onDots.has(attr(s, 'data-point')));
    expect(free.length).toBeGreaterThan(40);
    // A square's left edge: the 2-px stroke centred on x covers the pixel column x.
    for (const s of free) expect(pixel(image, +attr(s, 'x'), +attr(s, 'y') + 6)).toBe(LATTICE_RED);
    // About a dot's area of blue per dot (r = 4: 50 px; anti-aliased rim excluded).
    const blue = countColour(image, DS_BLUE);
    expect(blue).toBeGreaterThan(dots.length * 25);
    expect(blue).toBeLessThan(dots.length * 60);
    expect(countColour(image, LATTICE_RED)).toBeGreaterThan(free.length * 20);
    // Strictly admissible: the only square on a dot is 0.
    expect(squares.map((s) => attr(s, 'data-point')).filter((p) => onDots.has(p))).toEqual(['0,0']);
    // The title and the mapping are drawn (ink in their text boxes).
    expect(svg).toContain('t[x0][x1] -&gt; t[x0 - x1 mod 9]');
    expect(inked(image, 0, 0, 300, 22)).toBeGreaterThan(100);
    expect(inked(image, 0, 24, 300, 40)).toBeGreaterThan(100);
    // The convex hull is shaded between the dots of columns -1 and 0.
    const at = (p: string) => dots.find((d) => attr(d, 'data-point') === p)!;
    const between = (+attr(at('-1,3'), 'cx') + +attr(at('0,3'), 'cx')) / 2;
    expect(pixel(image, between, +attr(at('0,3'), 'cy'))).toBe('#dde7f7');
  });

  it('3-D: the set is projected onto the axes it spreads along', () => {
    const { svg, image } = render('k3_t_19.svg');
    const dots = elements(svg, 'circle', 'ds');
    // DS = {0} x {0} x [-1, 1]: drawn over (d1, d2) as the points (0, -1), (0, 0), (0, 1).
    expect(dots.map((d) => attr(d, 'data-point')).sort()).toEqual(['0,-1', '0,0', '0,1']);
    for (const d of dots) expect(pixel(image, +attr(d, 'cx'), +attr(d, 'cy'))).toBe(DS_BLUE);
    expect(svg).toContain('projection onto (d1, d2)');
    expect(countColour(image, LATTICE_RED)).toBeGreaterThan(0);
  });

  it('lifetime chart: one bar per value, drawn; the values of one cell do not overlap', () => {
    const { svg, image } = render('reuse_row_12_lifetimes.svg');
    const bars = elements(svg, 'rect', 'life');
    // 8 cells, each written in each of the 4 rows.
    expect(bars).toHaveLength(32);
    for (const b of bars) {
      const x = +attr(b, 'x') + +attr(b, 'width') / 2;
      const y = +attr(b, 'y') + +attr(b, 'height') / 2;
      expect(pixel(image, x, y)).toBe(BAR_BLUE);
    }
    const cell0 = bars
      .filter((b) => attr(b, 'data-cell') === '[0]')
      .map((b) => ({ x: +attr(b, 'x'), end: +attr(b, 'x') + +attr(b, 'width'), y: +attr(b, 'y') }))
      .sort((p, q) => p.x - q.x);
    expect(cell0).toHaveLength(4);
    for (let k = 1; k < cell0.length; k++) {
      expect(cell0[k]!.x).toBeGreaterThan(cell0[k - 1]!.end);
      const gap = Math.floor((cell0[k - 1]!.end + cell0[k]!.x) / 2);
      expect(pixel(image, gap, cell0[k]!.y + 3)).toBe(WHITE);
    }
    expect(svg).toContain('value lifetimes');
    expect(svg).toContain('at most 8 values live at once');
  });

  it('lifetime chart of the 2-D array: one bar per cell, rows living until the next row reads them', () => {
    const { svg, image } = render('k_t_4_lifetimes.svg');
    const bars = elements(svg, 'rect', 'life');
    expect(bars).toHaveLength(48);
    const blue = countColour(image, BAR_BLUE);
    const area = bars.reduce((s, b) => s + +attr(b, 'width') * +attr(b, 'height'), 0);
    expect(blue).toBeGreaterThan(area * 0.8);
    expect(blue).toBeLessThan(area * 1.2);
  });
});
