/**
 * Calls after which the caller's statements may run again out of textual order: functions
 * that return twice (setjmp and its kin, whose second return comes from a longjmp made after
 * later statements ran) and the jumps themselves. GCC's own list (special_function_p) takes
 * `setjmp`, `sigsetjmp`, `setjmp_syscall`, `savectx`, `qsetjmp`, `vfork` and `getcontext`
 * with a leading `_`, `__` or `__x`; glibc's `sigsetjmp(env, 1)` is the macro
 * `__sigsetjmp (env, 1)` (adversary 2026-11-29: a caller reading the buffer after its
 * sigsetjmp returned again was taken as structured). A function declared with the attribute
 * `returns_twice` counts too.
 */
const RETURNS_TWICE =
  /^(?:__builtin_|_{1,2}x?)?(?:setjmp|sigsetjmp|setjmp_syscall|savectx|qsetjmp|vfork|getcontext)$/;
const JUMPS = /^(?:__builtin_|_{1,2})?(?:longjmp|siglongjmp|setcontext|swapcontext)$/;

/** The names the declarations of `text` mark `returns_twice`. */
export function declaredReturningTwice(text: string): ReadonlySet<string> {
  const out = new Set<string>();
  if (!text.includes('returns_twice')) return out;
  for (const m of text.matchAll(/\b(?:__)?returns_twice(?:__)?\b/g)) {
    const start = Math.max(text.lastIndexOf(';', m.index), text.lastIndexOf('}', m.index)) + 1;
    const end = text.indexOf(';', m.index);
    const declaration = text.slice(start, end < 0 ? text.length : end);
    // Every name called-looking in it (the attribute's own words only add names).
    for (const w of declaration.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*\(/g)) out.add(w[1]!);
  }
  return out;
}

/** Whether a call of `name` breaks the textual order of its caller's statements. */
export function breaksOrder(name: string, declared: ReadonlySet<string>): boolean {
  return RETURNS_TWICE.test(name) || JUMPS.test(name) || declared.has(name);
}
