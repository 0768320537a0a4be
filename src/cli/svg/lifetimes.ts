/**
 * The lifetime chart of one array in one run of the dynamic oracle: time across (the
 * array's accesses in execution order), one row per cell (in order of first use), and one
 * bar per value from its write to its last read (or per cell, from first write to last
 * access, when the analysis used Bee's cell lifetimes). Two cells may share a slot of the
 * contracted array only if no bars of theirs overlap: the picture of the conflict set.
 */
import type { ArrayReport } from '../../pipeline/report.js';
import type { RunLifetimes } from '../../pipeline/checking/lifetimeIntervals.js';
import { baseName, escape, svgDocument, type Picture } from './document.js';

/** Cells drawn in a chart at most (the first ones used). */
const CHART_CELLS = 64;
/** Bars drawn at most (the first ones in time): the file stays small enough to view. */
const CHART_BARS = 4000;
const WIDTH = 640;
const LEFT = 90;
const RIGHT = 20;
const TOP = 48;
const ROW = 8;

const LIFETIME_STYLE =
  '.title{font:bold 13px sans-serif}.cell{font:8px monospace}.note,.tick{font:11px monospace}' +
  '.label{font:italic 12px sans-serif}.axis{stroke:#555;stroke-width:1}.life{fill:#1f5fbf}';

/** Tick spacing: 1, 2 or 5 times a power of ten, for about six ticks over `end`. */
function tickStep(end: number): number {
  const raw = Math.max(1, end / 6);
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw)!;
}

export function lifetimePicture(a: ArrayReport, run: RunLifetimes): Picture {
  const order = new Map<string, number>();
  for (const b of run.bars) {
    const k = b.cell.join(',');
    if (!order.has(k) && order.size < CHART_CELLS) order.set(k, order.size);
  }
  const ofDrawnCells = run.bars.filter((b) => order.has(b.cell.join(',')));
  const bars = ofDrawnCells.slice(0, CHART_BARS);
  const cellsUsed = new Set(run.bars.map((b) => b.cell.join(','))).size;
  const end = bars.reduce((e, b) => Math.max(e, b.to + 1), 1);
  const tx = (t: number) => LEFT + ((WIDTH - LEFT - RIGHT) * Math.max(0, t)) / end;
  const axisY = TOP + order.size * ROW + 4;
  const height = axisY + 70;
  const parts: string[] = [];
  const what = run.kind === 'value' ? 'value lifetimes' : 'cell lifetimes';
  const title = `${a.function}: ${a.name}, ${what} in one run`;
  parts.push(`<title>${escape(title)}</title>`);
  parts.push(`<text x="10" y="18" class="title">${escape(title)}</text>`);
  parts.push(`<text x="10" y="${TOP - 6}" class="label">cell</text>`);
  for (const [k, row] of order) {
    const label = `[${k.split(',').join('][')}]`;
    parts.push(
      `<text x="10" y="${TOP + row * ROW + ROW - 1}" class="cell">${escape(label)}</text>`,
    );
  }
  for (const b of bars) {
    const row = order.get(b.cell.join(','))!;
    const x0 = tx(b.from);
    const w = Math.max(1, tx(b.to + 1) - x0);
    parts.push(
      `<rect class="life" x="${x0.toFixed(1)}" y="${TOP + row * ROW}" width="${w.toFixed(1)}" ` +
        `height="${ROW - 2}" data-cell="[${b.cell.join('][')}]" data-from="${b.from}" data-to="${b.to}"/>`,
    );
  }
  // The time axis, with ticks in accesses.
  parts.push(`<line class="axis" x1="${LEFT}" y1="${axisY}" x2="${tx(end)}" y2="${axisY}"/>`);
  const step = tickStep(end);
  for (let t = 0; t <= end; t += step) {
    parts.push(
      `<line class="axis" x1="${tx(t)}" y1="${axisY}" x2="${tx(t)}" y2="${axisY + 4}"/>`,
      `<text class="tick" x="${tx(t) - 3}" y="${axisY + 16}">${t}</text>`,
    );
  }
  parts.push(
    `<text x="${LEFT}" y="${axisY + 32}" class="label">time: the array's accesses in execution order</text>`,
  );
  const notes = [
    a.maxLive !== null && a.maxLive !== undefined
      ? `at most ${a.maxLive} ${a.maxLiveKind ?? 'cells'} live at once`
      : '',
    cellsUsed > order.size ? `first ${order.size} of ${cellsUsed} cells drawn` : '',
    ofDrawnCells.length > bars.length ? `first ${bars.length} values drawn` : '',
  ].filter(Boolean);
  parts.push(`<text x="10" y="${height - 10}" class="note">${escape(notes.join('; '))}</text>`);
  return {
    file: `${baseName(a)}_lifetimes.svg`,
    svg: svgDocument(WIDTH, height, LIFETIME_STYLE, parts),
  };
}
