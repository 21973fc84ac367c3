// The owner's numbers page (issue 33, decision 053): one request per group of plots, each of a range of Israel dates,
// and each plot's CSV. Fetcher, query options and hook side by side; answers checked against the shared contract.
import {
  type NumbersPlot,
  type NumbersRange,
  numbersHoursSchema,
  numbersMonthsSchema,
  numbersProductsSchema,
  numbersPromosSchema,
  numbersSalesSchema,
  numbersSourcesSchema,
} from '@tafrit/contracts/http/numbers.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { tokenFor } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { fetchOwnerFile } from './owner-file';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const NUMBERS_URL = '/api/owner/numbers';

const ANSWERS = {
  sales: numbersSalesSchema,
  hours: numbersHoursSchema,
  products: numbersProductsSchema,
  months: numbersMonthsSchema,
  sources: numbersSourcesSchema,
  promos: numbersPromosSchema,
} as const;
export type NumbersData = keyof typeof ANSWERS;

const search = ({ from, to }: NumbersRange) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

export async function getNumbers<K extends NumbersData>(
  data: K,
  range: NumbersRange,
  signal?: AbortSignal,
): Promise<z.output<(typeof ANSWERS)[K]>> {
  const response = await ownerRequest('GET', `${NUMBERS_URL}/${data}?${search(range)}`, undefined, { signal });
  return dataOf(ANSWERS[data], response) as z.output<(typeof ANSWERS)[K]>;
}

export function numbersQueryOptions<K extends NumbersData>(data: K, range: NumbersRange) {
  return queryOptions({
    queryKey: [NUMBERS_URL, data, range],
    queryFn: ({ signal }) => getNumbers(data, range, signal),
    // A range's figures move only with new payments: a minute is fresh enough for a page of charts.
    staleTime: 60_000,
  });
}

export function useNumbers<K extends NumbersData>(data: K, range: NumbersRange) {
  return useQuery({ ...numbersQueryOptions(data, range), enabled: tokenFor(NUMBERS_URL) !== null });
}

/** GET /api/owner/numbers/csv?plot=&from=&to= with the session's token, saved as a file. */
export async function downloadNumbersCsv(plot: NumbersPlot, range: NumbersRange): Promise<string> {
  const { blob, filename } = await fetchOwnerFile(
    `${NUMBERS_URL}/csv?${search(range)}&plot=${plot}`,
    'text/csv',
    `numbers-${plot}-${range.from}-${range.to}.csv`,
  );
  saveBlob(blob, filename);
  return filename;
}
