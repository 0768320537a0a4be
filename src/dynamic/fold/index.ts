/** Folding of execution traces into polyhedral pieces with affine labels (folding paper). */
export { Folder, type FoldOptions, type FoldResult } from './folder.js';
export { contains, pointsOf, type Piece, type Row } from './piece.js';
export { affineLabel, evaluateAffine, type AffineLabel, type LabelState } from './label.js';
export { labelForm, pieceConstraints } from './affineForms.js';
