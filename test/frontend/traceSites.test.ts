/**
 * Trace sites (frontend/traceSites.ts): what a trace build reports, and which arrays it
 * cannot follow. A wrong kind or a missed escape would make `profile` lifetimes too short.
 */
import { traceSites } from '../../src/frontend/traceSites.js';

const sites = (body: string) =>
  traceSites(`struct P { int x, y; };\nint f(int n) {\n${body}\n}\n`, 'x.c');

describe('trace sites', () => {
  it('kinds: a write of a member is a read and a write of the cell', () => {
    const s = sites(
      'struct P t[10]; int u[4];\nfor (int i = 0; i < 10; i++) { t[i].x = i; (t[i]).y += 1; u[i % 4]++; u[0] = t[i].x; }\nreturn u[1];',
    );
    expect(s.accesses.map((a) => `${a.text}:${a.kind}`)).toEqual([
      't[i]:readwrite',
      't[i]:readwrite',
      'u[i % 4]:readwrite',
      'u[0]:write',
      't[i]:read',
      'u[1]:read',
    ]);
    expect(s.arrays.map((a) => a.escapes)).toEqual([undefined, undefined]);
  });
  it.each([
    ['the address of a member', 'struct P t[4]; int *p = &t[1].y; *p = 1; return t[1].y;'],
    ['sizeof', 'int t[4]; t[0] = sizeof t; return t[0];'],
    ['typeof', 'int t[4]; __typeof__(t) u; t[0] = 1; u[0] = t[0]; return u[0];'],
    ['a partial subscript', 'int t[4][4]; int *r = t[1]; r[0] = 2; return t[1][0];'],
    ['a walker passed to a call', 'int t[4]; int *p = t; g(p); return t[0];'],
    ['a walker stored', 'int t[4]; int *p = t; long a = (long)p; *p = 1; return t[0] + a;'],
    ['a pointer of another type', 'int t[4]; char *p = (char *)t; *p = 1; return t[0];'],
    ['a pointer also set elsewhere', 'int t[4], u[4]; int *p = t; p = u; *p = 1; return t[0];'],
    ['a walker with a member', 'struct P t[4]; struct P *p = t; p->x = 1; return t[0].x;'],
    ['the address of a walked cell', 'int t[4]; int *p = t; int **q = &p; return t[0];'],
    ['a pointer declared twice', 'int t[4]; int *p = t; { int *p = t; *p = 1; } return t[0];'],
    ['the array hidden where walked', 'int t[4]; int *p = t; { int t = 0; *p = t; } return t[0];'],
    // The trace does not see what assembly writes (`contract --profiled` miscompiled the run
    // it profiled: programs asm-output-before-input.c, asm-memory-clobber.c).
    [
      'an asm output operand',
      'int t[4]; t[1] = 2; __asm__("" : "=m"(t[0]) : "r"(n)); return t[0];',
    ],
    [
      'an asm memory clobber',
      'int t[4]; t[0] = 1; __asm__("" : : "m"(t[0]) : "memory"); return t[0];',
    ],
    ['a basic asm', 'int t[4]; t[0] = 1; __asm__("nop"); return t[0];'],
  ])('escapes: %s', (_, body) => {
    expect(sites(body).arrays[0]!.escapes).toBeDefined();
  });
  // Guards pointer walks: each dereference of a walker is an access of the array it walks.
  it.each([
    [
      '*p++ walks t',
      'int t[4]; int *p = t; for (int i = 0; i < 4; i++) *p++ = i; return t[3];',
      ['*p++:write', 't[3]:read'],
    ],
    [
      'p[k] from &t[1]',
      'int t[4]; int *p = &t[1]; p[0] = 1; p[-1] += 2; return t[1];',
      ['p[0]:write', 'p[-1]:readwrite', 't[1]:read'],
    ],
    [
      'a walker of a walker',
      'int t[4]; int *p = t + 1; const int *q = p; *p = 1; return q[0] + *(q + 1);',
      ['*p:write', 'q[0]:read', '*(q + 1):read'],
    ],
    [
      'moved by p = p + 1 (through itself)',
      'int t[4]; int *p = t; while (p != t + 4) { *p = 0; p = p + 1; } return t[1];',
      ['*p:write', 't[1]:read'],
    ],
    [
      'compared and subtracted',
      'int t[4]; int *p; for (p = t; p < t + 4; p++) *p = (int)(p - t); return t[2];',
      ['*p:write', 't[2]:read'],
    ],
  ])('walks: %s', (_, body, accesses) => {
    const s = sites(body);
    expect(s.arrays[0]!.escapes).toBeUndefined();
    expect(s.accesses.map((a) => `${a.text}:${a.kind}`)).toEqual(accesses);
    expect(s.arrays[0]!.walkers!.length).toBeGreaterThan(0);
  });
  // Guards scopes: an inner pointer or array of the same name is another object (it used to
  // be traced as the candidate, a false alarm of check --trace on test/adversarial/programs).
  it('an inner declaration of the same name is not the array', () => {
    const s = sites('int t[4]; t[0] = 1; { double *t = 0; t[1] = 2; } return t[0];');
    expect(s.accesses.map((a) => a.text)).toEqual(['t[0]', 't[0]']);
  });
  it('integer parameters are reported (sizes and bounds of the model)', () => {
    const s = traceSites(
      'int f(int n, double x, unsigned long m, int *p, struct S s, int a[4]) { int t[4]; t[0] = n; return t[0]; }',
      'x.c',
    );
    expect(s.functions[0]!.params).toEqual(['n', 'm']);
  });
  it('loops: counters, and accesses in a loop header', () => {
    const s = sites(
      'int t[8]; int k = 0;\nwhile (t[k] > 0) { for (int j = 0; j < n; j += 2) t[j] = k; k++; }\nreturn 0;',
    );
    expect(s.accesses.map((a) => [a.text, a.loops.length, !!a.inLoopHeader])).toEqual([
      ['t[k]', 0, true],
      ['t[j]', 2, false],
    ]);
    expect(s.loops.map((l) => l.counter)).toEqual(expect.arrayContaining(['j', undefined]));
  });
});
