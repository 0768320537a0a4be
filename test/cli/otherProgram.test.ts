/**
 * A C file outside the file set that defines main() itself is another program (issue 27's
 * outside-names scan, src/cli/otherProgram.ts). Guards both ways: a file that is surely a
 * program of its own is recognized (MachSuite's fft_test.c beside fft.c made every kernel
 * parameter 'named-outside-set'), and every doubt (a conditional or renamed main, a weak one)
 * keeps the file's names searched.
 */
import { definesMainItself } from '../../src/cli/otherProgram.js';

const CASES: [string, string, boolean][] = [
  ['a plain main', 'int main(void) { return 0; }', true],
  ['main with arguments', 'int main(int argc, char **argv)\n{\n  return argc;\n}', true],
  ['after other functions', 'void f(void) { int main = 1; }\nint main() { f(); }', true],
  ['a prototype only', 'int main(void);\nvoid f(void) {}', false],
  ['under #ifdef', '#ifdef TEST\nint main(void) { return 0; }\n#endif', false],
  ['under #if 0', '#if 0\nint main(void) { return 0; }\n#endif', false],
  ['renamed by a macro', '#define main app_main\nint main(void) { return 0; }', false],
  ['weak', '__attribute__((weak)) int main(void) { return 0; }', false],
  [
    'an alias names it',
    'int main(void) { return 0; }\nvoid g(void) __attribute__((alias("f")));',
    false,
  ],
  ['static', 'static int main(void) { return 0; }', false],
  ['in a comment', '/* int main(void) { return 0; } */\nvoid f(void) {}', false],
  ['in a string', 'const char *s = "int main(void) { }";', false],
  ['inside braces', 'struct s { int (*main)(void); };\nvoid f(void) { main(); }', false],
  ['K&R', 'int main(argc, argv) int argc; char **argv; { return 0; }', false],
  ['after a directive spanning lines', '#define X \\\n  1\nint main(void) { return X; }', true],
];

describe('a file that is a program of its own', () => {
  it.each(CASES)('%s', (_, text, expected) => {
    expect(definesMainItself(text)).toBe(expected);
  });
});
