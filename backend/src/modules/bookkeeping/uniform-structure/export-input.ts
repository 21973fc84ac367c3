/**
 * What the uniform structure writer (מבנה אחיד 1.31, decision 044) takes in: plain data, no database types. The
 * integrator maps the business, the software and the range's documents into this shape.
 */
export interface UniformStructureInput {
  business: {
    /** עוסק מורשה, exactly 9 digits (A000 1003, every record's second identifier). */
    dealerNumber: string;
    name: string;
    street: string | null;
    city: string | null;
    zip: string | null;
    phone: string | null;
    /** Added: מספר חברה ברשם החברות (A000 1015), 9 digits, for a company only; zeros when absent. */
    companyNumber?: string | null;
  };
  software: {
    name: string;
    version: string;
    /** Up to 9 digits (A000 1009). */
    vendorDealerNumber: string;
    vendorName: string;
    /** 8 digits; '00000000' while the software is unregistered (A000 1006). */
    registrationNumber: string;
  };
  /** YYYY-MM-DD, Israel dates, inclusive (A000 1024/1025). Every document's Israel date must fall inside it. */
  range: { from: string; to: string };
  /** When the export ran; written in Israel local time (A000 1026/1027 and the folder's MMDDhhmm). */
  producedAt: Date;
  /** 15 digits, drawn by the caller, not all zeros (A000 1004, A100 1103, Z900 1153). */
  primaryId: string;
  /** In issue order: the file keeps this order. */
  documents: ExportDocument[];
}

export type ExportDocumentType = 305 | 320 | 330 | 400;
export type ExportPaymentMethod = 'card' | 'google_pay' | 'bit' | 'cash' | 'other';
export type ExportLineKind = 'sale' | 'tip' | 'discount';

export interface ExportDocumentLine {
  description: string;
  quantity: number;
  unitPriceBeforeVatAgorot: number;
  totalBeforeVatAgorot: number;
  vatRatePercent: number;
  kind: ExportLineKind;
}

export interface ExportPayment {
  method: ExportPaymentMethod;
  amountAgorot: number;
  /** YYYY-MM-DD */
  date: string;
  cardBrand: string | null;
  last4: string | null;
}

export interface ExportDocument {
  type: ExportDocumentType;
  number: string;
  /** ISO instant. */
  issuedAt: string;
  issuedBy: 'product' | 'cardcom';
  customer: { name: string | null; dealerNumber: string | null; phone: string | null };
  /** All amounts integer agorot, >= 0; a credit document (330) carries positive amounts here and the writer applies the spec's sign convention. */
  discountAgorot: number;
  /** After the document's discount. */
  beforeVatAgorot: number;
  vatAgorot: number;
  /** The tip, outside VAT. */
  exemptAgorot: number;
  totalAgorot: number;
  vatRatePercent: number;
  lines: ExportDocumentLine[];
  payments: ExportPayment[];
  refersTo: { type: number; number: string } | null;
}

/** A caller's input the file cannot be written from. `code` is stable; `path` names the offending value. */
export class UniformStructureInputError extends Error {
  constructor(
    readonly code:
      | 'uniform_structure.identifier'
      | 'uniform_structure.range'
      | 'uniform_structure.document_outside_range'
      | 'uniform_structure.amounts'
      | 'uniform_structure.lines_do_not_add_up'
      | 'uniform_structure.payments_do_not_add_up'
      | 'uniform_structure.field_overflow',
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = 'UniformStructureInputError';
  }
}
