/** What the pictures of `analyze --svg` share: their file names and the SVG document frame. */
import type { ArrayReport } from '../../pipeline/report.js';

export interface Picture {
  readonly file: string;
  readonly svg: string;
}

/** `FUNCTION_ARRAY_LINE`: unique per declaration, safe as a file name. */
export function baseName(a: ArrayReport): string {
  return `${a.function}_${a.name}_${a.line}`.replace(/[^A-Za-z0-9_]/g, '_');
}

export function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A standalone SVG document of this size (drawn 1:1), with its style sheet and elements. */
export function svgDocument(
  width: number,
  height: number,
  style: string,
  parts: readonly string[],
): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<style>${style}</style>`,
    `<rect class="background" x="0" y="0" width="${width}" height="${height}" fill="#fff"/>`,
    ...parts.filter(Boolean),
    '</svg>',
    '',
  ].join('\n');
}
