import { randomInt } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { israelDateOf, israelDatesRange } from '@tafrit/contracts';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessReader } from '../../accounts/index.js';
import {
  buildUniformStructure,
  type ExportDocument,
  type UniformStructureInput,
  zipUniformStructure,
} from '../uniform-structure/index.js';
import { type BookkeepingDocument, documentsBetween } from './documents.js';
import { assertKeptRange } from './kept-range.js';

/** A file to download: its name and bytes. */
export interface DownloadFile {
  filename: string;
  content: Buffer;
}

/** The software the files name as their maker (the opening record). */
export const SOFTWARE = { name: 'Tafrit', version: '1.0' } as const;

/** `GET /api/bookkeeping/uniform-structure`: a business's documents of a range as the uniform structure's zip. */
export class ExportUniformStructureQuery {
  constructor(
    readonly businessPhone: string,
    readonly from: string,
    readonly to: string,
    /** The server's clock, from the controller: the range's bounds and the files' production time. */
    readonly now: Date,
  ) {}
}

@QueryHandler(ExportUniformStructureQuery)
export class ExportUniformStructureHandler implements IQueryHandler<ExportUniformStructureQuery, DownloadFile> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly businesses: BusinessReader,
  ) {}

  async execute({ businessPhone, from, to, now }: ExportUniformStructureQuery): Promise<DownloadFile> {
    assertKeptRange(from, to, now);
    const em = this.database.em();
    const seller = await this.businesses.sellerOf(businessPhone, em);
    if (!seller) throw new AppError('not_found');
    const { start, end } = israelDatesRange(from, to);
    const documents = await documentsBetween(em, businessPhone, start, end);
    const input: UniformStructureInput = {
      business: {
        dealerNumber: seller.dealerNumber,
        name: seller.name,
        street: seller.street,
        city: seller.city,
        zip: null,
        phone: seller.phone,
      },
      software: {
        ...SOFTWARE,
        vendorDealerNumber: this.config.platform.dealerNumber,
        vendorName: this.config.platform.name,
        registrationNumber: this.config.platform.softwareRegistrationNumber,
      },
      range: { from, to },
      producedAt: now,
      primaryId: primaryId(),
      documents: documents.map(exportDocumentOf),
    };
    const zip = zipUniformStructure(buildUniformStructure(input));
    return { filename: `uniform-structure-${from}-${to}.zip`, content: Buffer.from(zip) };
  }
}

/** The export's 15-digit primary identifier, drawn anew for each export as the specification asks. */
export function primaryId(): string {
  return `${randomInt(1, 10)}${Array.from({ length: 14 }, () => randomInt(0, 10)).join('')}`;
}

/** A product document as the uniform structure's writer takes it. */
export function exportDocumentOf(document: BookkeepingDocument): ExportDocument {
  const issuedOn = israelDateOf(document.issuedAt);
  const lines: ExportDocument['lines'] = document.lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unitPriceBeforeVatAgorot: Math.round(line.beforeVatAgorot / line.quantity),
    totalBeforeVatAgorot: line.beforeVatAgorot,
    vatRatePercent: document.vatRatePercent,
    // A promo code's discount (issue 33) is the document's discount line (C100 1220 holds it before VAT).
    kind: line.discount ? 'discount' : 'sale',
  }));
  const discountBeforeVat = -document.lines
    .filter((line) => line.discount)
    .reduce((sum, line) => sum + line.beforeVatAgorot, 0);
  if (document.tipAgorot > 0) {
    // The tip is the staff's, outside the VAT base (decision 027): its own line at no VAT.
    lines.push({
      description: 'טיפ',
      quantity: 1,
      unitPriceBeforeVatAgorot: document.tipAgorot,
      totalBeforeVatAgorot: document.tipAgorot,
      vatRatePercent: 0,
      kind: 'tip',
    });
  }
  return {
    type: document.typeCode,
    number: document.number,
    issuedAt: document.issuedAt.toISOString(),
    issuedBy: document.source === 'provider' ? 'cardcom' : 'product',
    customer: {
      name: document.buyer?.name ?? null,
      dealerNumber: document.buyer?.taxId ?? null,
      phone: null,
    },
    discountAgorot: discountBeforeVat,
    beforeVatAgorot: document.beforeVatAgorot,
    vatAgorot: document.vatAgorot,
    exemptAgorot: document.tipAgorot,
    totalAgorot: document.totalAgorot,
    vatRatePercent: document.vatRatePercent,
    lines,
    // A credit invoice is not a receipt: only the invoice-receipt carries the payment's lines.
    payments:
      document.kind === 'credit'
        ? []
        : [
            {
              method: document.payment.method,
              amountAgorot: document.totalAgorot,
              date: document.payment.paidAt ? israelDateOf(document.payment.paidAt) : issuedOn,
              cardBrand: document.payment.brand,
              last4: document.payment.last4,
            },
          ],
    refersTo:
      document.kind === 'credit' && document.originalNumber ? { type: 320, number: document.originalNumber } : null,
  };
}
