// pdfjs-dist types its main module only; the worker's module is imported by the PDF text reader (pdf-text.ts).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
