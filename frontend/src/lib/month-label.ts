import { monthNamesHe } from '@/i18n/he-months';

/** '2026-11' -> 'נובמבר 2026'; anything else as it is. */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-');
  const name = monthNamesHe[Number(monthNumber) - 1];
  return name ? `${name} ${year}` : month;
}
