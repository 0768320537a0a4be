/**
 * The function templates of the main file as functions of the model (issue 30): each
 * instantiation the unit uses (cpp/templates.ts) modelled as a function of its own, with its
 * arguments bound; a template with none read modelled once, its arrays unchanged with the
 * reason. When one instantiation cannot be modelled, the others share its text: their arrays
 * are left unchanged too, with the template's warning.
 */
import type { Diagnostic, FunctionModel, SourceLoc } from '../../model/types.js';
import type { Node } from '../parse.js';
import { functionName } from '../builtinModel.js';
import { refuseFunction } from './functions.js';
import { functionTemplates, type FunctionTemplate, type TemplateInstance } from './templates.js';
import type { Directives } from '../directives.js';
import type { CppUnit } from './unit.js';
import { intTypeOf } from '../intTypes.js';

/** The unit's function templates, its constants and typedefs read for their arguments. */
export function unitTemplates<N extends Node>(
  root: N,
  directives: Directives,
  unit: CppUnit,
): FunctionTemplate<N>[] {
  return functionTemplates(root, {
    constant: (name) => directives.constants.get(name)?.value,
    intType: (text) => intTypeOf(unit.resolveType(text)),
  });
}

type Modelled = FunctionModel | Diagnostic;

export function templateModels<N extends Node>(
  templates: readonly FunctionTemplate<N>[],
  model: (fn: N, instance?: TemplateInstance) => Modelled,
  locOf: (fn: N) => SourceLoc,
): Modelled[] {
  const out: Modelled[] = [];
  for (const t of templates) {
    if ('instances' in t.use) {
      out.push(...instanceModels(t.fn, t.use.instances, model, locOf));
      continue;
    }
    const m = model(t.fn);
    const why =
      t.use.reason === 'outside-cpp-subset'
        ? `a function template: ${t.use.why}`
        : `function template '${t.name}': ${t.use.why}`;
    out.push('severity' in m ? m : refuseFunction(m, why, t.use.reason, true));
  }
  return out;
}

function instanceModels<N extends Node>(
  fn: N,
  instances: readonly TemplateInstance[],
  model: (fn: N, instance?: TemplateInstance) => Modelled,
  locOf: (fn: N) => SourceLoc,
): Modelled[] {
  const models = instances.map((i) => model(fn, i));
  const failed = instances.filter((_, k) => 'severity' in models[k]!).map((i) => i.name);
  if (failed.length === 0) return models;
  const list = failed.join(', ');
  const why = `a function template: its instantiation ${list} is not analysed, and they share one text`;
  return [
    {
      severity: 'warning',
      reason: 'template-not-analysed',
      loc: locOf(fn),
      message: `function template ${functionName(fn)} is not analysed: its instantiation ${list} could not be read; the arrays of every instantiation are left unchanged`,
    },
    ...models.map((m) =>
      'severity' in m ? m : refuseFunction(m, why, 'outside-cpp-subset', true),
    ),
  ];
}
