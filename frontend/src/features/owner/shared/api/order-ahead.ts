// Order ahead (issue 33, decision 050): the owner's slots for pickup orders, read and chosen in Settings.
import {
  orderAheadSettingsSchema,
  type OrderAheadSettings,
  type OrderAheadSettingsRequest,
} from '@tafrit/contracts/order-ahead';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const ORDER_AHEAD_URL = '/api/business/order-ahead';

export async function getOrderAhead(signal?: AbortSignal): Promise<OrderAheadSettings> {
  return dataOf(orderAheadSettingsSchema, await ownerRequest('GET', ORDER_AHEAD_URL, undefined, { signal }));
}

export async function chooseOrderAhead(request: OrderAheadSettingsRequest): Promise<OrderAheadSettings> {
  return dataOf(orderAheadSettingsSchema, await ownerRequest('PUT', ORDER_AHEAD_URL, request));
}

export const orderAheadQueryOptions = queryOptions({
  queryKey: [ORDER_AHEAD_URL],
  queryFn: ({ signal }) => getOrderAhead(signal),
});

export const useOrderAhead = () => useQuery(orderAheadQueryOptions);
