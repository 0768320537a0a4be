/**
 * Start-up in new processes (issue 17): a bare `node -e 0` against the CLI loaded three
 * ways: the ES modules of dist/src (what bin/beeclak.js ran before the bundle), the bundle
 * without V8's code cache (a cold start: the first run after a build), and the bundle with
 * it (warm: every later run), and warm with V8's default tier-up instead of the CLI's
 * (bin/beeclak.js raises V8's interrupt budget). Wall time and CPU time (user + system, from /usr/bin/time
 * when present: the CPU time is the steadier number on a loaded machine), medians.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from './util.js';

export interface StartupRow {
  command: string;
  way: string;
  wallMs: number;
  cpuMs: number | null;
}

function run(
  root: string,
  args: string[],
  env: Record<string, string>,
): { wall: number; cpu: number | null } {
  const dir = mkdtempSync(join(tmpdir(), 'beeclak-startup-'));
  const tfile = join(dir, 'time');
  const haveTime = existsSync('/usr/bin/time');
  const [cmd, rest] = haveTime
    ? ['/usr/bin/time', ['-f', '%U %S', '-o', tfile, process.execPath, ...args]]
    : [process.execPath, args];
  const t = performance.now();
  spawnSync(cmd, rest, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
  const wall = performance.now() - t;
  let cpu: number | null = null;
  if (haveTime && existsSync(tfile)) {
    const [u, s] = readFileSync(tfile, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
    if (Number.isFinite(u) && Number.isFinite(s)) cpu = (u! + s!) * 1000;
  }
  rmSync(dir, { recursive: true, force: true });
  return { wall, cpu };
}

export function benchStartup(root: string, runs: number): StartupRow[] {
  const bin = join(root, 'bin', 'beeclak.js');
  const modules = (args: string[]) => [
    '--input-type=module',
    '-e',
    `const { main } = await import(${JSON.stringify(join(root, 'dist/src/cli/main.js'))});` +
      `process.exitCode = await main(${JSON.stringify(args)});`,
  ];
  const out = join(tmpdir(), `beeclak-startup-${process.pid}.c`);
  const commands: { command: string; args: string[] }[] = [
    { command: '--version', args: ['--version'] },
    { command: 'contract samples/durbin.c', args: ['contract', 'samples/durbin.c', '-o', out] },
  ];
  const rows: StartupRow[] = [];
  const measure = (command: string, way: string, args: string[], env = {}) => {
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let k = 0; k < runs; k++) {
      const r = run(root, args, env);
      walls.push(r.wall);
      if (r.cpu !== null) cpus.push(r.cpu);
    }
    rows.push({ command, way, wallMs: median(walls), cpuMs: cpus.length ? median(cpus) : null });
  };
  measure('`node -e 0`', '', ['-e', '0']);
  for (const { command, args } of commands) {
    measure(command, 'ES modules (dist/src)', modules(args));
    measure(command, 'bundle, cold (no code cache)', [bin, ...args], { BEECLAK_CODE_CACHE: '0' });
    // One run stores the cache; the measured ones read it.
    run(root, [bin, ...args], {});
    measure(command, 'bundle, warm (code cache)', [bin, ...args]);
    // V8's own tier-up (bin/beeclak.js raises the interrupt budget). V8's code cache is
    // tied to the flags: one run stores a cache for these, one restores the usual one.
    const v8Default = { BEECLAK_INTERRUPT_BUDGET: '67584' };
    run(root, [bin, ...args], v8Default);
    measure(command, "bundle, warm, V8's default tier-up", [bin, ...args], v8Default);
    run(root, [bin, ...args], {});
  }
  rmSync(out, { force: true });
  return rows;
}
