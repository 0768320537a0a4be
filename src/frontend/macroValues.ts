/**
 * The integer value of a macro as the preprocessor's `#if` would compute it, for the
 * guards of the output (`#if N != 100 / #error`): only bodies made of integer literals,
 * parentheses and the operators + - * / % << >> (after expanding object-like macros) have
 * one, so a guard never asks `#if` about something it cannot evaluate.
 */
import { parseIntLiteral } from './parse.js';

export function evaluateTokens(tokens: readonly string[]): bigint | undefined {
  let p = 0;
  const peek = () => tokens[p];
  const fail = Symbol('fail');
  const primary = (): bigint => {
    const t = tokens[p++];
    if (t === '(') {
      const v = shift();
      if (tokens[p++] !== ')') throw fail;
      return v;
    }
    if (t === '-') return -primary();
    if (t === '+') return primary();
    const v = t === undefined ? undefined : parseIntLiteral(t);
    if (v === undefined || !/^[0-9]/.test(t!)) throw fail;
    return v;
  };
  const term = (): bigint => {
    let v = primary();
    for (;;) {
      const op = peek();
      if (op !== '*' && op !== '/' && op !== '%') return v;
      p++;
      const r = primary();
      if (op !== '*' && r === 0n) throw fail;
      v = op === '*' ? v * r : op === '/' ? v / r : v % r;
    }
  };
  const sum = (): bigint => {
    let v = term();
    for (;;) {
      const op = peek();
      if (op !== '+' && op !== '-') return v;
      p++;
      v = op === '+' ? v + term() : v - term();
    }
  };
  const shift = (): bigint => {
    let v = sum();
    for (;;) {
      const op = peek();
      if (op !== '<<' && op !== '>>') return v;
      p++;
      const r = sum();
      if (r < 0n || r > 63n) throw fail;
      v = op === '<<' ? v << r : v >> r;
    }
  };
  try {
    const v = shift();
    return p === tokens.length ? v : undefined;
  } catch (e) {
    if (e === fail) return undefined;
    throw e;
  }
}
