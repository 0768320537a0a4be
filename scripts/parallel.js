/**
 * `node scripts/parallel.js NAME...` runs the npm scripts NAME... at once: `npm run check`'s
 * lint and format check (issue 29, item 6). Each uses about one core; one after the
 * other they took as much wall time as CPU time (~40 s on a fresh clone), side by side on 2
 * cores about half. Each script's output is printed whole when it ends, never interleaved with
 * another's. The exit status is that of the first script named that failed, once all have
 * ended (plain JavaScript: it runs before the build).
 */
import { spawn } from 'node:child_process';

const [command, prefix] = process.env.npm_execpath
  ? [process.execPath, [process.env.npm_execpath]]
  : ['npm', []];

function run(name) {
  return new Promise((resolve) => {
    const child = spawn(command, [...prefix, 'run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push([process.stdout, d]));
    child.stderr.on('data', (d) => chunks.push([process.stderr, d]));
    child.on('error', (e) => chunks.push([process.stderr, `${name}: ${e.message}\n`]));
    child.on('close', (code, signal) => {
      for (const [stream, d] of chunks) stream.write(d);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const codes = await Promise.all(process.argv.slice(2).map(run));
process.exitCode = codes.find((c) => c !== 0) ?? 0;
