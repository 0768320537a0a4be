/** Folding of execution traces into polyhedral pieces with affine labels (folding paper). */
export { Folder, type FoldOptions, type FoldResult } from './folder.js';
export { contains, pointsOf, type Piece } from './piece.js';
export { affineLabel, evaluateAffine } from './label.js';
export { labelForm, pieceConstraints } from './affineForms.js';
