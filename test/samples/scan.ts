/**
 * A deliberately small scanner for the sample programs' array declarations,
 * independent of the real frontend (so the two can check each other): finds
 * every `T name[...]` declared at file scope or inside a function body.
 * It knows only the C the samples use: no K&R definitions, no typedef'd
 * element types, no declarations in `for (...)` headers.
 */

export interface DeclaredArray {
  name: string;
  /** enclosing function, null at file scope */
  function: string | null;
}

const TYPE_PREFIX =
  /^(?:(?:static|const|volatile|register|extern|unsigned|signed|long|short|int|double|float|char)\b\s*)+/;
const TYPE_WORD = /\b(?:int|double|float|char|long|short|unsigned|signed)\b/;

/** Removes comments, string / char literals and preprocessor lines, keeping offsets irrelevant. */
function strip(src: string): string {
  let s = src.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
  s = s.replace(/"(?:[^"\\\n]|\\.)*"/g, '""').replace(/'(?:[^'\\\n]|\\.)*'/g, "''");
  return s
    .split('\n')
    .map((l) => (/^\s*#/.test(l) ? '' : l))
    .join('\n');
}

/** Splits at commas that are not inside (), [] or {}. */
function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if ('([{'.includes(ch)) depth++;
    if (')]}'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  return parts;
}

function arraysOfDeclaration(segment: string): string[] {
  const text = segment.trim();
  const prefix = TYPE_PREFIX.exec(text);
  if (!prefix || !TYPE_WORD.test(prefix[0])) return [];
  const names: string[] = [];
  for (const decl of splitTopLevel(text.slice(prefix[0].length))) {
    const m = /^\s*(\w+)\s*\[/.exec(decl.split('=')[0] + (decl.includes('=') ? '' : ''));
    if (m) names.push(m[1]);
  }
  return names;
}

export function declaredArrays(src: string): DeclaredArray[] {
  const s = strip(src);
  const out: DeclaredArray[] = [];
  let depth = 0;
  let fn: string | null = null;
  let seg = '';
  const flush = () => {
    for (const name of arraysOfDeclaration(seg))
      out.push({ name, function: depth === 0 ? null : fn });
    seg = '';
  };
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '{') {
      if (/[=,{]\s*$/.test(seg)) {
        // an initializer list: copy it whole into the current segment
        let d = 0;
        for (; i < s.length; i++) {
          seg += s[i];
          if (s[i] === '{') d++;
          if (s[i] === '}' && --d === 0) break;
        }
        continue;
      }
      if (depth === 0) {
        const m = /(\w+)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*$/.exec(seg);
        fn = m ? m[1] : null;
        seg = '';
      } else flush();
      depth++;
    } else if (ch === '}') {
      flush();
      depth--;
      if (depth === 0) fn = null;
    } else if (ch === ';') {
      flush();
    } else seg += ch;
  }
  return out;
}
