import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type {
  NumbersHours,
  NumbersMonths,
  NumbersPlot,
  NumbersProducts,
  NumbersPromos,
  NumbersRange,
  NumbersSales,
  NumbersSources,
} from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { NumbersReader } from '../projections/numbers.reader.js';
import { numbersCsv } from './numbers-csv.js';

/** One of the numbers page's data requests, of the signed-in business, for a range already checked by the contract. */
abstract class NumbersQuery {
  constructor(
    readonly businessPhone: string,
    readonly range: NumbersRange,
  ) {}
}
export class GetNumbersSalesQuery extends NumbersQuery {}
export class GetNumbersHoursQuery extends NumbersQuery {}
export class GetNumbersProductsQuery extends NumbersQuery {}
export class GetNumbersMonthsQuery extends NumbersQuery {}
export class GetNumbersSourcesQuery extends NumbersQuery {}
export class GetNumbersPromosQuery extends NumbersQuery {}
export class ExportNumbersCsvQuery extends NumbersQuery {
  constructor(
    businessPhone: string,
    range: NumbersRange,
    readonly plot: NumbersPlot,
  ) {
    super(businessPhone, range);
  }
}

@QueryHandler(GetNumbersSalesQuery)
export class GetNumbersSalesHandler implements IQueryHandler<GetNumbersSalesQuery, NumbersSales> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly reader: NumbersReader,
  ) {}
  execute({ businessPhone, range }: GetNumbersSalesQuery): Promise<NumbersSales> {
    return this.reader.sales(this.database.em(), businessPhone, range);
  }
}

@QueryHandler(GetNumbersHoursQuery)
export class GetNumbersHoursHandler implements IQueryHandler<GetNumbersHoursQuery, NumbersHours> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly reader: NumbersReader,
  ) {}
  execute({ businessPhone, range }: GetNumbersHoursQuery): Promise<NumbersHours> {
    return this.reader.hours(this.database.em(), businessPhone, range);
  }
}

@QueryHandler(GetNumbersProductsQuery)
export class GetNumbersProductsHandler implements IQueryHandler<GetNumbersProductsQuery, NumbersProducts> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly reader: NumbersReader,
  ) {}
  execute({ businessPhone, range }: GetNumbersProductsQuery): Promise<NumbersProducts> {
    return this.reader.products(this.database.em(), businessPhone, range);
  }
}

@QueryHandler(GetNumbersMonthsQuery)
export class GetNumbersMonthsHandler implements IQueryHandler<GetNumbersMonthsQuery, NumbersMonths> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly reader: NumbersReader,
  ) {}
  execute({ businessPhone, range }: GetNumbersMonthsQuery): Promise<NumbersMonths> {
    return this.reader.months(this.database.em(), businessPhone, range);
  }
}

@QueryHandler(GetNumbersSourcesQuery)
export class GetNumbersSourcesHandler implements IQueryHandler<GetNumbersSourcesQuery, NumbersSources> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly reader: NumbersReader,
  ) {}
  execute({ businessPhone, range }: GetNumbersSourcesQuery): Promise<NumbersSources> {
    return this.reader.sources(this.database.em(), businessPhone, range);
  }
}

@QueryHandler(GetNumbersPromosQuery)
export class GetNumbersPromosHandler implements IQueryHandler<GetNumbersPromosQuery, NumbersPromos> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly reader: NumbersReader,
  ) {}
  execute({ businessPhone, range }: GetNumbersPromosQuery): Promise<NumbersPromos> {
    return this.reader.promos(this.database.em(), businessPhone, range);
  }
}

export interface NumbersCsvFile {
  filename: string;
  content: string;
}

/** A plot's table as a spreadsheet: the same figures the page's table shows, read by the same reader. */
@QueryHandler(ExportNumbersCsvQuery)
export class ExportNumbersCsvHandler implements IQueryHandler<ExportNumbersCsvQuery, NumbersCsvFile> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly reader: NumbersReader,
  ) {}
  async execute({ businessPhone, range, plot }: ExportNumbersCsvQuery): Promise<NumbersCsvFile> {
    const em = this.database.em();
    const read = {
      days: () => this.reader.sales(em, businessPhone, range),
      weeks: () => this.reader.sales(em, businessPhone, range),
      service: () => this.reader.sales(em, businessPhone, range),
      hours: () => this.reader.hours(em, businessPhone, range),
      products: () => this.reader.products(em, businessPhone, range),
      options: () => this.reader.products(em, businessPhone, range),
      months: () => this.reader.months(em, businessPhone, range),
      sources: () => this.reader.sources(em, businessPhone, range),
      promos: () => this.reader.promos(em, businessPhone, range),
    } satisfies Record<NumbersPlot, () => Promise<unknown>>;
    const data = await read[plot]();
    return { filename: `numbers-${plot}-${range.from}-${range.to}.csv`, content: numbersCsv(plot, data) };
  }
}
