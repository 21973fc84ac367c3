import {
  agorotToDecimalString,
  type NumbersHours,
  type NumbersMonths,
  type NumbersPlot,
  type NumbersProducts,
  type NumbersPromos,
  type NumbersSales,
  NUMBERS_SOURCE_CHANNELS_HE,
  type NumbersSources,
  WEEKDAYS_HE,
} from '@tafrit/contracts';
import { spreadsheetCsv } from '../../../platform/csv/spreadsheet-csv.js';

const money = (agorot: number) => agorotToDecimalString(agorot);
const SERVICE_HE = { table: 'הגשה לשולחן', pickup: 'איסוף עצמי' } as const;

/**
 * One plot's figures as a spreadsheet, with the columns of the page's table beside it; amounts in shekels as the
 * monthly report's CSV writes them, every cell through the formula guard (a product's name is the owner's text).
 */
export function numbersCsv(plot: NumbersPlot, data: unknown): string {
  return spreadsheetCsv(rowsOf(plot, data));
}

function rowsOf(plot: NumbersPlot, data: unknown): string[][] {
  switch (plot) {
    case 'days':
    case 'weeks': {
      const sales = data as NumbersSales;
      return [
        [plot === 'days' ? 'תאריך' : 'שבוע מיום ראשון', 'הזמנות', 'מכירות (₪)'],
        ...sales[plot].map((row) => [row.date, String(row.orders), money(row.salesAgorot)]),
      ];
    }
    case 'service': {
      const sales = data as NumbersSales;
      return [
        ['אופן ההגשה', 'הזמנות', 'מכירות (₪)', 'הזמנה ממוצעת (₪)'],
        ...sales.service.map((row) => [
          SERVICE_HE[row.kind],
          String(row.orders),
          money(row.salesAgorot),
          money(row.orders === 0 ? 0 : Math.round(row.salesAgorot / row.orders)),
        ]),
      ];
    }
    case 'hours': {
      const { cells } = data as NumbersHours;
      return [
        ['יום', ...Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`)],
        ...WEEKDAYS_HE.map((name, weekday) => [
          name,
          ...cells.filter((cell) => cell.weekday === weekday).map((cell) => String(cell.orders)),
        ]),
      ];
    }
    case 'products':
      return [
        ['מוצר', 'יחידות', 'מכירות (₪)'],
        ...(data as NumbersProducts).products.map((row) => [row.name, String(row.quantity), money(row.salesAgorot)]),
      ];
    case 'options':
      return [
        ['תוספת', 'קבוצה', 'מוצר', 'יחידות', 'מכירות (₪)'],
        ...(data as NumbersProducts).options.map((row) => [
          row.name,
          row.groupName,
          row.productName,
          String(row.quantity),
          money(row.salesAgorot),
        ]),
      ];
    case 'months': {
      const months = data as NumbersMonths;
      const cell = (value: number | null) => (value === null ? '' : money(value));
      return [
        ['יום בחודש', `מכירות מצטברות ${months.current.month} (₪)`, `מכירות מצטברות ${months.previous.month} (₪)`],
        ...months.days.map((row) => [String(row.day), cell(row.current), cell(row.previous)]),
      ];
    }
    case 'sources':
      return [
        ['מקור', 'תגית', 'הזמנות', 'מכירות (₪)'],
        ...(data as NumbersSources).sources.map((row) => [
          NUMBERS_SOURCE_CHANNELS_HE[row.channel],
          row.tag,
          String(row.orders),
          money(row.salesAgorot),
        ]),
      ];
    case 'promos': {
      const promos = data as NumbersPromos;
      return [
        ['קוד הנחה', 'הזמנות', 'מכירות אחרי ההנחה (₪)', 'הנחה שניתנה (₪)', 'הזמנה ממוצעת (₪)'],
        ...promos.codes.map((row) => [
          row.code,
          String(row.orders),
          money(row.salesAgorot),
          money(row.discountAgorot),
          money(row.averageOrderAgorot),
        ]),
        [
          'ללא קוד',
          String(promos.withoutCode.orders),
          money(promos.withoutCode.salesAgorot),
          money(0),
          money(promos.withoutCode.averageOrderAgorot),
        ],
      ];
    }
  }
}
