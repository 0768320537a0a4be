/**
 * Renders an SVG file to PNG with headless Chromium (the Debian package `chromium`), for
 * tests that look at pictures as a browser draws them. `findChromium()` is undefined where
 * no Chromium is installed: those tests are then skipped with a notice, or fail under
 * BEECLAK_REQUIRE_TOOLS=1 (test/helpers/optionalTool.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM, 'chromium', 'chromium-browser', 'google-chrome'];
  return candidates.find(
    (c): c is string => !!c && spawnSync(c, ['--version'], { timeout: 30_000 }).status === 0,
  );
}

/** The SVG's own size (its `width`/`height` attributes), drawn 1:1 from the top left. */
export function svgSize(svg: string): { width: number; height: number } {
  const m = /<svg[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)"/.exec(svg);
  if (!m) throw new Error('the SVG has no width and height');
  return { width: Number(m[1]), height: Number(m[2]) };
}

/** Screenshots `svgFile` in a window of its size; returns the PNG's bytes. */
export function renderSvg(chromium: string, svgFile: string): Buffer {
  const { width, height } = svgSize(fs.readFileSync(svgFile, 'utf8'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-chromium-'));
  try {
    const png = path.join(dir, 'out.png');
    const r = spawnSync(
      chromium,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--hide-scrollbars',
        '--force-device-scale-factor=1',
        `--user-data-dir=${path.join(dir, 'profile')}`,
        `--screenshot=${png}`,
        `--window-size=${width},${height}`,
        `file://${path.resolve(svgFile)}`,
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    if (!fs.existsSync(png))
      throw new Error(`chromium wrote no screenshot (status ${r.status}): ${r.stderr}`);
    return fs.readFileSync(png);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
