/**
 * A PNG decoder for screenshots (8-bit RGB or RGBA, not interlaced: what Chromium writes),
 * so that tests can look at rendered pixels with no image library.
 */
import { inflateSync } from 'node:zlib';

export interface Image {
  readonly width: number;
  readonly height: number;
  /** RGBA, row by row. */
  readonly rgba: Uint8Array;
}

export function decodePng(file: Uint8Array): Image {
  const data = Buffer.from(file);
  if (data.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < data.length;) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const body = data.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0)
        throw new Error(`unsupported PNG (depth ${depth}, colour type ${colour})`);
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? pixels[out + i - channels]! : 0;
      const b = y > 0 ? pixels[out - stride + i]! : 0;
      const c = y > 0 && i >= channels ? pixels[out - stride + i - channels]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[out + i] = (line[i]! + predictor) & 0xff;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let k = 0; k < width * height; k++) {
    for (let ch = 0; ch < 3; ch++) rgba[4 * k + ch] = pixels[channels * k + ch]!;
    rgba[4 * k + 3] = channels === 4 ? pixels[channels * k + 3]! : 255;
  }
  return { width, height, rgba };
}

/** The colour at (x, y) as `#rrggbb`. */
export function pixel(image: Image, x: number, y: number): string {
  const k = 4 * (Math.round(y) * image.width + Math.round(x));
  return '#' + [0, 1, 2].map((c) => image.rgba[k + c]!.toString(16).padStart(2, '0')).join('');
}

/** How many pixels have exactly this colour (`#rrggbb`). */
export function countColour(image: Image, colour: string): number {
  let n = 0;
  for (let k = 0; k < image.width * image.height; k++)
    if (pixel(image, k % image.width, Math.floor(k / image.width)) === colour) n++;
  return n;
}
