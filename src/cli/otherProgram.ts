/**
 * A source file outside the file set that is a program of its own (issue 27, the
 * outside-names scan): when the set defines `main()`, a file that defines `main()` too cannot
 * be linked into the same executable (a program has one `main`), so the calls it spells are
 * another program's (a test driver, an input generator beside a benchmark's kernel). Read as
 * text; every doubt answers "no" (the file's names are then searched, which only keeps
 * arrays): a `main` under `#if`, inside braces or `static`, a directive that spells `main`
 * (`#define main test_main`), `weak` or `alias` anywhere (a weak `main` replaced by the set's,
 * or the set's replaced by this one), a K&R definition.
 */

/** Comments, strings and character literals as blanks (line breaks kept). */
function blanked(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, (m) =>
    m.replace(/[^\n]/g, ' '),
  );
}

/** Whether `text`, a C source file, defines `main()` unconditionally with external linkage. */
export function definesMainItself(text: string): boolean {
  return definesItself(text, 'main');
}

/**
 * Whether `text` defines the function `name` unconditionally with external linkage: then
 * the file's calls of `name` are to its own definition, not to the set's (a program links
 * one). Every doubt answers "no", as above.
 */
export function definesItself(text: string, name: string): boolean {
  if (/\b(?:weak|alias)\b/.test(text)) return false;
  const lines = blanked(text).split('\n');
  const spelled = new RegExp(`\\b${name}\\b`);
  if (lines.some((l) => /^\s*#/.test(l) && spelled.test(l))) return false;
  const { code, under } = outsideDirectives(lines);
  const definition = new RegExp(`^${name}\\s*\\([^()]*\\)\\s*\\{`);
  let braces = 0;
  let start = 0; // where the current top-level declaration begins
  for (let k = 0; k < code.length; k++) {
    const c = code[k]!;
    if (c === '{') braces++;
    else if (c === '}') {
      braces--;
      if (braces === 0) start = k + 1;
    } else if (c === ';' && braces === 0) start = k + 1;
    else if (braces === 0 && under[k] === 0 && isWordAt(code, k, name)) {
      const defines = definition.test(code.slice(k, k + 400));
      if (defines && !/\bstatic\b/.test(code.slice(start, k))) return true;
    }
  }
  return false;
}

/** The code outside directives, each character with the conditional depth it is under. */
function outsideDirectives(lines: readonly string[]): { code: string; under: number[] } {
  let depth = 0;
  let code = '';
  const under: number[] = [];
  let continued = false;
  for (const line of lines) {
    const directive: boolean = continued || /^\s*#/.test(line);
    continued = directive && /\\\s*$/.test(line);
    if (directive) {
      const d = /^\s*#\s*(\w+)/.exec(line)?.[1];
      if (d === 'if' || d === 'ifdef' || d === 'ifndef') depth++;
      else if (d === 'endif') depth--;
      continue;
    }
    code += `${line}\n`;
    for (let k = 0; k <= line.length; k++) under.push(depth);
  }
  return { code, under };
}

function isWordAt(text: string, k: number, word: string): boolean {
  return (
    text.startsWith(word, k) &&
    !/\w/.test(text[k - 1] ?? ' ') &&
    !/\w/.test(text[k + word.length] ?? ' ')
  );
}
