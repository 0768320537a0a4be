import { runCli } from '../helpers/cli.js';

describe('beeclak command line', () => {
  it('prints its version and help with exit 0', () => {
    expect(runCli(['--version']).stdout).toMatch(/^\d+\.\d+\.\d+/);
    const help = runCli(['--help']);
    expect(help.code).toBe(0);
    for (const cmd of ['model', 'poly', 'analyze', 'contract', 'check', 'lattice']) {
      expect(help.stdout).toContain(cmd);
    }
  });

  it('exits 2 on an unknown option or subcommand', () => {
    const r = runCli(['--no-such-option']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown option');
    expect(runCli(['frobnicate']).code).toBe(2);
  });

  it('exits 2 with usage when called without arguments', () => {
    expect(runCli([]).code).toBe(2);
  });
});
