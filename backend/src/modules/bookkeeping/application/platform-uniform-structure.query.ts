import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { israelDatesRange } from '@tafrit/contracts';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { BusinessReader } from '../../accounts/index.js';
import { type PlatformDocumentRow, platformDocumentsBetween } from '../../commissions/index.js';
import { buildUniformStructure, type ExportDocument, zipUniformStructure } from '../uniform-structure/index.js';
import { assertKeptRange } from './kept-range.js';
import { type DownloadFile, primaryId, SOFTWARE } from './uniform-structure.query.js';

/**
 * `GET /api/admin/bookkeeping/uniform-structure`: the platform's own documents of a range (its commission tax
 * invoices to the businesses and their credits, decision 025) as the uniform structure's zip, the platform the
 * business of the files.
 */
export class ExportPlatformUniformStructureQuery {
  constructor(
    readonly from: string,
    readonly to: string,
    readonly now: Date,
  ) {}
}

@QueryHandler(ExportPlatformUniformStructureQuery)
export class ExportPlatformUniformStructureHandler implements IQueryHandler<
  ExportPlatformUniformStructureQuery,
  DownloadFile
> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly businesses: BusinessReader,
  ) {}

  async execute({ from, to, now }: ExportPlatformUniformStructureQuery): Promise<DownloadFile> {
    assertKeptRange(from, to, now);
    const em = this.database.em();
    const { start, end } = israelDatesRange(from, to);
    const rows = await platformDocumentsBetween(em, start, end);
    const customers = await this.businesses.sellersOf([...new Set(rows.map((row) => row.businessId))], em);
    const { platform } = this.config;
    const zip = zipUniformStructure(
      buildUniformStructure({
        business: {
          dealerNumber: platform.dealerNumber,
          name: platform.name,
          street: platform.address,
          city: null,
          zip: null,
          phone: null,
        },
        software: {
          ...SOFTWARE,
          vendorDealerNumber: platform.dealerNumber,
          vendorName: platform.name,
          registrationNumber: platform.softwareRegistrationNumber,
        },
        range: { from, to },
        producedAt: now,
        primaryId: primaryId(),
        documents: rows.map((row) => platformExportDocument(row, customers.get(row.businessId))),
      }),
    );
    return { filename: `platform-uniform-structure-${from}-${to}.zip`, content: Buffer.from(zip) };
  }
}

/**
 * A commission invoice is a tax invoice (305): the commission is paid by being kept from the payout, not received
 * as a payment, so it has no receipt lines. Its one line is the month's commission before VAT.
 */
export function platformExportDocument(
  row: PlatformDocumentRow,
  customer: { name: string; dealerNumber: string; phone: string } | undefined,
): ExportDocument {
  return {
    type: row.kind === 'credit' ? 330 : 305,
    number: String(row.number),
    issuedAt: row.issuedAt.toISOString(),
    issuedBy: 'product',
    customer: {
      name: customer?.name ?? null,
      dealerNumber: customer?.dealerNumber ?? null,
      phone: customer?.phone ?? row.businessId,
    },
    discountAgorot: 0,
    beforeVatAgorot: row.beforeVatAgorot,
    vatAgorot: row.vatAgorot,
    exemptAgorot: 0,
    totalAgorot: row.totalAgorot,
    vatRatePercent: row.vatRatePercent,
    lines: [
      {
        description: `עמלת שירות הזמנות לחודש ${row.month.slice(5, 7)}/${row.month.slice(0, 4)}`,
        quantity: 1,
        unitPriceBeforeVatAgorot: row.beforeVatAgorot,
        totalBeforeVatAgorot: row.beforeVatAgorot,
        vatRatePercent: row.vatRatePercent,
        kind: 'sale',
      },
    ],
    payments: [],
    refersTo:
      row.kind === 'credit' && row.invoiceNumber !== null ? { type: 305, number: String(row.invoiceNumber) } : null,
  };
}
