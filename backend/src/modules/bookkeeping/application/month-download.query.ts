import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { israelMonthRange, type MonthlyReport, type MonthString } from '@tafrit/contracts';
import { type Zippable, zipSync } from 'fflate';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessReader } from '../../accounts/index.js';
import { loadPlatformDocuments } from '../../commissions/index.js';
import { renderSimpleHebrewPdf, renderTaxDocumentPdf } from '../../invoicing/index.js';
import { GetMonthlyReportQuery } from '../../reports/index.js';
import { documentsBetween } from './documents.js';
import { assertKeptMonth } from './kept-range.js';
import { figuresCsv, ledgerCsv, ledgerWorkbook, type MonthFigures } from './ledger-files.js';
import { decimal, ledgerRows, outputVat, reconcile } from './ledger.js';
import { documentPdfInput, platformPdfInputs } from './pdf-inputs.js';
import type { DownloadFile } from './uniform-structure.query.js';

/** `GET /api/bookkeeping/months/{YYYY-MM}`: everything the accountant asks for at the month's end, in one zip. */
export class ExportMonthQuery {
  constructor(
    readonly businessPhone: string,
    readonly month: MonthString,
    readonly now: Date,
  ) {}
}

/**
 * The month's download (issue 32): each tax document as a PDF (a copy: the original is the customer's), the ledger
 * as CSV and as a workbook, the output VAT and the reconciliation with the monthly report, the platform's commission
 * invoice (and credits) to the business, and a summary with the payout. PDFs are stored in the zip as they are (a
 * PDF's streams are compressed already); the text files are deflated.
 */
@QueryHandler(ExportMonthQuery)
export class ExportMonthHandler implements IQueryHandler<ExportMonthQuery, DownloadFile> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly businesses: BusinessReader,
    private readonly queries: QueryBus,
  ) {}

  async execute({ businessPhone, month, now }: ExportMonthQuery): Promise<DownloadFile> {
    assertKeptMonth(month, now);
    const em = this.database.em();
    const seller = await this.businesses.sellerOf(businessPhone, em);
    if (!seller) throw new AppError('not_found');
    const { start, end } = israelMonthRange(month);
    const documents = await documentsBetween(em, businessPhone, start, end);
    const report = await this.queries.execute<GetMonthlyReportQuery, MonthlyReport>(
      new GetMonthlyReportQuery(businessPhone, month, now, 'checked-by-caller'),
    );
    const platform = await loadPlatformDocuments(this.store, businessPhone, month);

    const rows = ledgerRows(documents);
    const figures: MonthFigures = {
      month,
      businessName: seller.name,
      dealerNumber: seller.dealerNumber,
      vat: outputVat(documents),
      reconciliation: reconcile(report, documents),
    };
    const folder = `${month}`;
    const files: Zippable = {};
    for (const document of documents) {
      const name = `${document.kind === 'credit' ? 'credit' : 'invoice'}-${safeName(document.number)}.pdf`;
      files[`${folder}/documents/${name}`] = [
        await renderTaxDocumentPdf(documentPdfInput(document, seller)),
        { level: 0 },
      ];
    }
    for (const { name, input } of platformPdfInputs(platform, seller.dealerNumber)) {
      files[`${folder}/platform/${name}`] = [await renderTaxDocumentPdf(input), { level: 0 }];
    }
    const utf8 = (text: string) => new TextEncoder().encode(text);
    files[`${folder}/ledger.csv`] = utf8(ledgerCsv(rows));
    files[`${folder}/ledger.xlsx`] = [await ledgerWorkbook(rows, figures), { level: 0 }];
    files[`${folder}/vat-and-reconciliation.csv`] = utf8(figuresCsv(figures));
    files[`${folder}/summary.pdf`] = [
      await renderSimpleHebrewPdf(`סיכום חודש ${monthName(month)}`, summaryRows(report, figures, documents.length)),
      { level: 0 },
    ];
    // A fixed time in the entries: the same month downloaded twice gives the same bytes.
    const zip = zipSync(files, { mtime: new Date(`${month}-01T00:00:00Z`) });
    return { filename: `bookkeeping-${month}.zip`, content: Buffer.from(zip) };
  }
}

/** A document number as a file name: digits and letters only (a provider's number could carry anything). */
function safeName(number: string): string {
  return number.replace(/[^0-9A-Za-z_-]/g, '_').slice(0, 40) || 'document';
}

/** 'MM/YYYY' as Israelis write a month. */
function monthName(month: MonthString): string {
  return `${month.slice(5, 7)}/${month.slice(0, 4)}`;
}

/** The summary page's rows: the business, the report's sums, the payout, the output VAT and the reconciliation. */
function summaryRows(report: MonthlyReport, figures: MonthFigures, documentCount: number): [string, string][] {
  const shekels = (agorot: number) => `₪${decimal(agorot)}`;
  const rows: [string, string][] = [
    ['העסק', `${figures.businessName} (${figures.dealerNumber})`],
    ['מסמכי מס בחודש', String(documentCount)],
    ['הזמנות ששולמו', String(report.summary.totalOrders)],
    ['סה"כ ששולם', `₪${report.summary.totalAmount}`],
    ['החזרים', `₪${report.summary.totalRefunds}`],
    ['עמלת הפלטפורמה', `₪${report.summary.totalCommission}`],
    ['טיפים', `₪${report.summary.totalTips ?? '0.00'}`],
    ['נטו לעסק', `₪${report.summary.netAmount}`],
  ];
  if (report.payout) {
    rows.push(
      ['העברה לעסק', `₪${report.payout.net}`],
      ['מועד ההעברה', report.payout.dueDate],
      ['מצב ההעברה', report.payout.status === 'transferred' ? 'הועברה' : 'ממתינה'],
      ['קוזז בגין החזרים קודמים', `₪${report.payout.deducted}`],
      ['יתרה להעברה הבאה', `₪${report.payout.carried}`],
    );
  } else {
    rows.push(['העברה לעסק', 'טרם נוצרה']);
  }
  for (const vat of figures.vat) {
    rows.push(
      [`עסקאות חייבות ${vat.ratePercent}% לפני מע"מ`, shekels(vat.salesBeforeVatAgorot)],
      [`מע"מ עסקאות ${vat.ratePercent}%`, shekels(vat.vatAgorot)],
      ['פטור ממע"מ (טיפים)', shekels(vat.exemptAgorot)],
    );
  }
  for (const line of figures.reconciliation.lines) rows.push([line.label, shekels(line.agorot)]);
  rows.push(['הפרש שאינו מוסבר', shekels(figures.reconciliation.unexplainedAgorot)]);
  return rows;
}
