/**
 * Jest's module loader, with the modules of src/ loaded once per worker process instead of once
 * per suite (issue 29, item 6).
 *
 * Each suite imported src/ afresh (~0.1 s of CPU) and ran the analysis cold: V8 compiled,
 * profiled and optimized the same functions again in every suite, a fifth to a quarter of the
 * analysis's CPU. The suites of a worker now share one global object (test/environment.js), and
 * a module of src/ is the module the first suite of the worker loaded: its functions stay
 * optimized from one suite to the next, as in the CLI, which analyses many files in one process.
 * src/ keeps no mutable state at module level (docs/design.md), so a suite cannot see what
 * another did; what src/ reads at run time (process, Date, the file system) it reads from the
 * global of the suite that runs.
 *
 * A shared module was linked by the loader of the suite that loaded it first: what it imports
 * later (a dynamic import, a package's lazy `require`) asks that loader, which is torn down when
 * its suite ends, and then hands the call to the loader of the suite that runs.
 */
const path = require('node:path');
const { createRequire } = require('node:module');

// Jest's own loader, as Jest finds it (jest -> @jest/core -> jest-runtime).
const core = createRequire(createRequire(require.resolve('jest')).resolve('@jest/core'));
const Runtime = core('jest-runtime').default;

const SRC = path.join(path.resolve(__dirname, '..'), 'src') + path.sep;

/** The shared modules of this process, by file, and their source maps (stack traces). */
const shared = new Map();
const maps = new Map();
/** The loader of the suite that runs. */
const now = { live: undefined };

const sharable = (file, query) => query === '' && file.startsWith(SRC) && file.endsWith('.ts');

class SharingRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    now.live = this;
  }

  async loadEsmModule(modulePath, query = '') {
    if (!sharable(modulePath, query)) return super.loadEsmModule(modulePath, query);
    const known = shared.get(modulePath);
    if (known) return known;
    const module = await super.loadEsmModule(modulePath, query);
    shared.set(modulePath, module);
    const map = this._sourceMapRegistry.get(modulePath);
    if (map) maps.set(modulePath, map);
    return module;
  }

  getSourceMaps() {
    const own = super.getSourceMaps();
    return { get: (file) => own.get(file) ?? maps.get(file) };
  }

  resolveModule(specifier, referencingIdentifier, context) {
    if (this.isTornDown && now.live !== this)
      return now.live.resolveModule(specifier, referencingIdentifier, context);
    return super.resolveModule(specifier, referencingIdentifier, context);
  }

  linkAndEvaluateModule(module) {
    if (this.isTornDown && now.live !== this) return now.live.linkAndEvaluateModule(module);
    return super.linkAndEvaluateModule(module);
  }

  requireModuleOrMock(from, moduleName) {
    if (this.isTornDown && now.live !== this) return now.live.requireModuleOrMock(from, moduleName);
    return super.requireModuleOrMock(from, moduleName);
  }
}

module.exports = SharingRuntime;
