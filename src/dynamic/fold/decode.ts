/**
 * Decoding the records of a trace build (rewrite/traceInstrument.ts) into one Folder per
 * stream, chunk by chunk as they come out of the pipe: memory is the folders' and one
 * partial record, whatever the length of the trace.
 *
 * Record: int64 little-endian `[id, n, rows, iv[D], labels[L], strides[L], rowStrides[L]]`,
 * D and L per stream (a rectangle of `rows` runs of `n` points). A stream the runtime stopped
 * folding (too many records) ends with its bounding box: `rows` -1 with the count, the
 * smallest iteration vector and the label ranges, then `rows` -2 with the largest
 * iteration vector and, in `n`, whether its instances left lexicographic order.
 */
import { Folder, type FoldOptions, type FoldResult } from './folder.js';

export interface StreamShape {
  readonly dims: number;
  readonly labels: number;
}

export class TraceDecoder {
  private readonly folders: Folder[];
  private rest: Uint8Array = new Uint8Array(0);
  /** Points decoded (accesses of the run), and records. */
  points = 0;
  records = 0;
  /** Set when the stream was not a sequence of well-formed records. */
  malformed?: string;
  /** The first half of a box record (rows -1), per stream, until its second half. */
  private readonly boxes = new Map<
    number,
    { n: number; lo: number[]; labelLo: number[]; labelHi: number[] }
  >();

  constructor(
    private readonly shapes: readonly StreamShape[],
    options: FoldOptions = {},
  ) {
    this.folders = shapes.map((s) => new Folder(s.dims, s.labels, options));
  }

  /** A chunk of the pipe (a Buffer is a Uint8Array: no Node types in the declarations). */
  push(chunk: Uint8Array): void {
    const buf = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk;
    let at = 0;
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    // Two 32-bit halves: exact below 2^53; beyond, the value is not a safe integer and the
    // folder gives the stream up (soundly).
    const word = (k: number) => {
      const lo = view.getUint32(at + 8 * k, true);
      const hi = view.getInt32(at + 8 * k + 4, true);
      return Math.abs(hi) < 0x200000 ? hi * 4294967296 + lo : hi * 4294967296 + 0.5;
    };
    while (!this.malformed && buf.length - at >= 16) {
      const id = word(0);
      const shape = this.shapes[id];
      if (!shape) {
        this.malformed = `record for unknown stream ${id}`;
        break;
      }
      const L = shape.labels;
      const words = 3 + shape.dims + 3 * L;
      if (buf.length - at < 8 * words) break;
      const n = word(1);
      const rows = word(2);
      const iv: number[] = [];
      for (let j = 0; j < shape.dims; j++) iv.push(word(3 + j));
      const first: number[] = [];
      const stride: number[] = [];
      const rowStride: number[] = [];
      for (let c = 0; c < L; c++) {
        first.push(word(3 + shape.dims + c));
        stride.push(word(3 + shape.dims + L + c));
        rowStride.push(word(3 + shape.dims + 2 * L + c));
      }
      // Numbers beyond 2^53 are caught by the folder (it gives the stream up, soundly).
      if (rows === -1) {
        this.boxes.set(id, { n, lo: iv, labelLo: first, labelHi: stride });
        this.points += n;
      } else if (rows === -2) {
        const b = this.boxes.get(id);
        if (!b) {
          this.malformed = `box end without a box start for stream ${id}`;
          break;
        }
        this.boxes.delete(id);
        this.folders[id]!.addBox(b.lo, iv, b.labelLo, b.labelHi, b.n, n !== 0);
      } else if (rows < 1 || n < 1) {
        this.malformed = `record of ${rows} runs of ${n} points for stream ${id}`;
        break;
      } else {
        this.folders[id]!.addRect(iv, n, rows, first, stride, rowStride);
        this.points += n * rows;
      }
      this.records++;
      at += 8 * words;
    }
    this.rest = buf.slice(at);
  }

  finish(): FoldResult[] {
    if (this.rest.length && !this.malformed) this.malformed = `${this.rest.length} trailing bytes`;
    if (this.boxes.size && !this.malformed) this.malformed = 'a box record without its end';
    return this.folders.map((f) => f.finish());
  }
}
