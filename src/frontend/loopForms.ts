/**
 * The loop forms read as `for` loops (loops.ts): a canonical `while` loop, whose step is the
 * body's last statement, and a `do` loop, whose step is in its condition or last in its body;
 * and `do { ... } while (0)`, which is its body.
 */
import { writeTarget, writtenNames } from './escapes.js';
import {
  type Node,
  child,
  declaredNames,
  parseIntLiteral,
  unparenthesized,
  walk,
} from './parse.js';

/** The parts of a loop: `for (init; condition; update) body`, or a canonical `while` or `do`. */
export interface LoopParts {
  readonly init: Node | null;
  readonly condition: Node | null;
  readonly update: Node | null;
  readonly body: Node;
  /** The statement of the body that is the step (a `while` loop's last statement). */
  readonly step?: Node;
  /** A `do` loop: its body runs once before the condition is first tested. */
  readonly doWhile?: true;
}

/** The body's last statement when it steps a variable (`i++;`, `i += 2;`), and that name. */
function lastStep(body: Node): { update: Node; step: Node; name: string } | undefined {
  if (body.type !== 'compound_statement') return undefined;
  const stmts = body.namedChildren.filter((c) => c.type !== 'comment');
  const last = stmts[stmts.length - 1];
  const update = last?.type === 'expression_statement' ? last.namedChildren[0] : undefined;
  const stepped =
    update?.type === 'update_expression'
      ? child(update, 'argument')
      : update?.type === 'assignment_expression'
        ? child(update, 'left')
        : null;
  if (!update || stepped?.type !== 'identifier') return undefined;
  return { update, step: last, name: stepped.text };
}

/**
 * The initialisation of `name` before loop `n` in its block (`int i = a;` or `i = a;`),
 * undefined when there is none or when a statement between them writes `i` or calls a
 * function.
 */
function initBefore(n: Node, name: string): Node | undefined {
  for (let prev = n.previousNamedSibling; prev; prev = prev.previousNamedSibling) {
    if (prev.type === 'declaration' && declaredNames(prev).includes(name)) return prev;
    const a = prev.type === 'expression_statement' ? prev.namedChildren[0] : undefined;
    if (
      a?.type === 'assignment_expression' &&
      child(a, 'operator')?.text === '=' &&
      child(a, 'left')?.type === 'identifier' &&
      child(a, 'left')!.text === name &&
      !writes(child(a, 'right')!, name)
    )
      return a;
    if (writes(prev, name) || walk(prev).some((x) => x.type === 'call_expression'))
      return undefined;
  }
  return undefined;
}

/**
 * `i = a; ... while (cond) { ...; i += c; }` (or `int i = a;` earlier in the block): the
 * parts of the equivalent `for (i = a; cond; i += c)`, or undefined when the loop is not
 * of that form. The step must be the body's last statement; the statements between the
 * initialisation and the loop neither write `i` nor call a function. loopContext then
 * checks that nothing else writes the counter.
 */
export function whileParts(n: Node): LoopParts | undefined {
  const body = child(n, 'body');
  const last = body && lastStep(body);
  const init = last && initBefore(n, last.name);
  if (!body || !last || !init) return undefined;
  return { init, condition: child(n, 'condition'), update: last.update, body, step: last.step };
}

/**
 * `do body while (cond)` after `i = a;` (or `int i = a;`): the parts of the `for` loop it
 * equals when its condition holds for `a` (loopContext proves that). The step is either
 * the condition's only side effect, one `++i`, `--i`, `i++` or `i--` that is also its only
 * mention of `i` (`while (--m)`, `while (++k < n)`), or, in a condition without side
 * effects, the body's last statement as in whileParts. Undefined otherwise: a condition
 * that calls a function or writes anything else.
 */
export function doParts(n: Node): LoopParts | undefined {
  const body = child(n, 'body');
  const condition = child(n, 'condition');
  if (!body || !condition) return undefined;
  const effects = walk(condition).filter((x) => SIDE_EFFECTS.has(x.type));
  if (effects.length === 0) {
    const last = lastStep(body);
    const init = last && initBefore(n, last.name);
    if (!last || !init) return undefined;
    return { init, condition, update: last.update, body, step: last.step, doWhile: true };
  }
  const u = effects[0];
  const counter = u.type === 'update_expression' ? child(u, 'argument') : null;
  if (effects.length !== 1 || counter?.type !== 'identifier') return undefined;
  // `--k && k > 2` would need the order of the two: the step is the counter's only use.
  const uses = walk(condition).filter((x) => x.type === 'identifier' && x.text === counter.text);
  const once = uses.length === 1 && steppedOnEveryRound(condition, u);
  const init = once ? initBefore(n, counter.text) : undefined;
  return init && { init, condition, update: u, body, doWhile: true };
}

/**
 * The step `u` of a do-while condition runs whenever the loop goes on: on its way up to the
 * condition, each expression evaluates it unconditionally (an operand of `<`, `+`, `!`, a
 * cast, the left of `&&` or `||`, the condition of `?:`), or it is the right of an `&&` of
 * the top `&&` chain, whose false ends the loop. (`c > 0 || ++k < n` goes on without the
 * step while c > 0: the body ran again for the same k, review 2026-11-29.)
 */
function steppedOnEveryRound(condition: Node, u: Node): boolean {
  const path: Node[] = [];
  for (let x: Node | null = u; x && x.id !== condition.id; x = x.parent) path.push(x);
  path.push(condition);
  let topChain = true; // every expression above is `&&` or parentheses
  for (let j = path.length - 1; j > 0; j--) {
    const [p, c] = [path[j], path[j - 1]];
    if (p.type === 'parenthesized_expression') continue;
    const op = p.type === 'binary_expression' ? child(p, 'operator')?.text : undefined;
    if (op === '&&' || op === '||') {
      const left = child(p, 'left')?.id === c.id;
      if (!left && !(op === '&&' && topChain)) return false;
      topChain &&= op === '&&';
      continue;
    }
    topChain = false;
    const always =
      p.type === 'binary_expression' ||
      p.type === 'unary_expression' ||
      p.type === 'cast_expression' ||
      (p.type === 'conditional_expression' && child(p, 'condition')?.id === c.id);
    if (!always) return false;
  }
  return true;
}

const SIDE_EFFECTS = new Set(['update_expression', 'assignment_expression', 'call_expression']);

/** `do { ... } while (0)`: the body once (the statement form of multi-statement macros). */
export function runsOnce(n: Node): boolean {
  const c = child(n, 'condition');
  const v = c && unparenthesized(c);
  return v?.type === 'number_literal' && parseIntLiteral(v.text) === 0n;
}

/** `n` assigns, increments or takes the address of the variable `name`. */
function writes(n: Node, name: string): boolean {
  for (const x of walk(n)) {
    if (writtenNames(writeTarget(x)).includes(name)) return true;
  }
  return false;
}
