/** `beeclak poly 'EXPR' [-D N=10] [--json]`: the polyhedral calculator (src/poly/calc.ts). */
import type { Command } from 'commander';
import type { Io } from '../io.js';
import { InputError } from '../errors.js';
import { collectDefine } from '../options.js';
import { evaluate, formatResult, resultJson } from '../../poly/calc.js';
import { ParseError } from '../../poly/parse.js';

/** Errors in EXPR point at the column: `beeclak: error at column 17: ...`. */
class ExprError extends InputError {
  constructor(
    message: string,
    readonly column: number,
  ) {
    super(message);
  }
  override format(): string {
    return `beeclak: error at column ${this.column}: ${this.message}`;
  }
}

export function registerPoly(program: Command, io: Io): void {
  program
    .command('poly')
    .description('evaluate an expression over integer sets (the polyhedral calculator)')
    .argument('<expr>', "e.g. 'project({ [i, j] : 0 <= i < j < 10 }, [i])'")
    .option('-D, --define <NAME=VALUE>', 'fix a parameter (repeatable)', collectDefine, {})
    .option('--json', 'print the result as JSON')
    .addHelpText(
      'after',
      `
Sets: [N] -> { [i, j] : 0 <= i < j < N and exists k : i = 2k; [i, 0] : i = N }
Operators: A * B (intersection), A + B (union), A - B (difference), parentheses
Functions: project(S, [i]), empty(S), points(S), max(S, expr), min(S, expr),
           subset(A, B), simplify(S), gist(S, C); lexlt([a, b], [c, d]) inside a set`,
    )
    .action((expr: string, opts: { define: Record<string, bigint>; json?: boolean }) => {
      let r;
      try {
        r = evaluate(expr, opts.define);
      } catch (e) {
        if (e instanceof ParseError)
          throw new ExprError(e.message.replace(/^at column \d+: /, ''), e.column);
        throw e;
      }
      io.stdout((opts.json ? resultJson(r) : formatResult(r)) + '\n');
    });
}
