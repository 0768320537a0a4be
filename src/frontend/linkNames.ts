/**
 * Names by which code the analysis does not read may reach a function: the names a string
 * spells (an `alias("f")` attribute, an assembler `.set` or `call f`, an asm label naming
 * another declaration's symbol `f`), and the functions declared with an asm label
 * (`double k(double *t) __asm__("ksym");`: their symbol is `ksym`, which another unit may
 * declare under another C name and call). Read from text whose comments are blanked.
 */
/**
 * What a literal spells that names nothing: escapes (`\n`) and printf conversions (`%f`,
 * `%5.2lf`). A function `f` was "reached" by `printf("%f\n", x)` (issue 28).
 */
const NOT_NAMES = /\\.|%[-+ #0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|j|z|t|L)?[A-Za-z]/g;

/**
 * A run of adjacent string literals (C concatenates them: `"ke" "rn"` is `"kern"`), or one
 * character literal. Comments between them are already blanked.
 */
const LITERAL_RUN =
  /"(?:\\.|[^"\\\n])*"(?:\s*(?:u8|[uUL])?"(?:\\.|[^"\\\n])*")*|'(?:\\.|[^'\\\n])*'/g;

const SIMPLE_ESCAPES: ReadonlyMap<string, string> = new Map([
  ['n', '\n'],
  ['t', '\t'],
  ['r', '\r'],
  ['a', '\x07'],
  ['b', '\b'],
  ['f', '\f'],
  ['v', '\v'],
  ['e', '\x1b'],
]);

/** The characters a run of literals holds, escapes decoded (`"ke\x72n"` is `kern`). */
function literalText(run: string): string {
  const pieces = [...run.matchAll(/"((?:\\.|[^"\\\n])*)"|'((?:\\.|[^'\\\n])*)'/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
  return pieces
    .join('')
    .replace(/\\(x[0-9A-Fa-f]+|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|[0-7]{1,3}|.)/g, (_, e: string) => {
      if (/^[xuU]/.test(e)) return String.fromCodePoint(parseInt(e.slice(1), 16) % 0x110000);
      if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
      return SIMPLE_ESCAPES.get(e) ?? e;
    });
}

/** Each name a string or character literal of `text` spells, at the literal's offset. */
export function namesInLiterals(text: string): { name: string; offset: number }[] {
  const out: { name: string; offset: number }[] = [];
  for (const m of text.matchAll(LITERAL_RUN))
    for (const w of literalText(m[0])
      .replace(NOT_NAMES, ' ')
      .matchAll(/[A-Za-z_][A-Za-z0-9_]*/g))
      out.push({ name: w[0], offset: m.index });
  return out;
}

/** `text` with its literals blanked (same length, line breaks kept). */
export function literalsBlanked(text: string): string {
  return text.replace(LITERAL_RUN, (m) => m.replace(/[^\n]/g, ' '));
}

/**
 * Whether the name ending at `end` of `code` (literals blanked) is declared with an asm label:
 * its parenthesized parameters are followed by `asm (`, `__asm (` or `__asm__ (`. A call
 * never is.
 */
export function asmLabelled(code: string, end: number): boolean {
  let i = code.indexOf('(', end);
  if (i < 0 || code.slice(end, i).trim() !== '') return false;
  let depth = 0;
  for (; i < code.length; i++) {
    if (code[i] === '(') depth++;
    else if (code[i] === ')' && --depth === 0) break;
  }
  return /^\s*(?:asm|__asm|__asm__)\s*\(/.test(code.slice(i + 1, i + 200));
}
