/** The choices of the lattice search and of the rewriter that the pipeline takes. */
export const HEURISTICS = ['auto', 'h1', 'h1a', 'h2', 'h3', 'hull', 'opt'] as const;
export type HeuristicChoice = (typeof HEURISTICS)[number];
export const MODULO_FORMS = ['exact', 'pow2'] as const;
export type ModuloForm = (typeof MODULO_FORMS)[number];
