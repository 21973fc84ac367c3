// fontkit 2 (pdfkit's font engine) ships no type declarations: only the one call the PDFs make.
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
