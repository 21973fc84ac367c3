// The uniform structure writer's front door (מבנה אחיד 1.31, decision 044): a pure library, no database.
export { buildUniformStructure, type UniformStructureFiles } from './build-uniform-structure.js';
export { zipUniformStructure, SUMMARY_FILE_NAME } from './zip-uniform-structure.js';
export { renderSummaryHtml, type UniformStructureSummary } from './summary.js';
export {
  UniformStructureInputError,
  type ExportDocument,
  type ExportDocumentLine,
  type ExportDocumentType,
  type ExportLineKind,
  type ExportPayment,
  type ExportPaymentMethod,
  type UniformStructureInput,
} from './export-input.js';
export type { DataRecordType } from './codes.js';
