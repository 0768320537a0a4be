/**
 * How messages name a place: `line:column` in the file analysed, `file:line:column` in
 * another file of its unit (a header, or the file that includes it: SourceLoc.in).
 */
export function place(l: {
  readonly line: number;
  readonly column: number;
  readonly in?: { readonly file: string; readonly line: number; readonly column: number };
}): string {
  return l.in ? `${l.in.file}:${l.in.line}:${l.in.column}` : `${l.line}:${l.column}`;
}
