// An order's timeline (issue 31): who accepted, refunded or declined it, and when. The console reads it on the live
// orders' route (`orders.live`), the report on its own (`reports.read`): the same answer, each role its own way in.
import { orderTimelineSchema, type OrderTimeline } from '@tafrit/contracts/http/activity.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from '../shared/api/responses';
import { ownerRequest } from '../shared/api/session-request';

export type TimelineSource = 'console' | 'report';

export function orderTimelineUrl(source: TimelineSource, orderId: string): string {
  const id = encodeURIComponent(orderId);
  return source === 'console' ? `/api/live-orders/${id}/timeline` : `/api/reports/orders/${id}/timeline`;
}

export async function getOrderTimeline(
  source: TimelineSource,
  orderId: string,
  signal?: AbortSignal,
): Promise<OrderTimeline> {
  const response = await ownerRequest('GET', orderTimelineUrl(source, orderId), undefined, { signal });
  return dataOf(orderTimelineSchema, response);
}

/**
 * `version` is what the caller knows of the order (its status, what was refunded): when it changes, the steps are
 * asked again, so an open timeline follows the console's pushes.
 */
export function orderTimelineQueryOptions(source: TimelineSource, orderId: string, version = '') {
  return queryOptions({
    queryKey: ['order-timeline', source, orderId, version],
    queryFn: ({ signal }) => getOrderTimeline(source, orderId, signal),
  });
}

export function useOrderTimeline(source: TimelineSource, orderId: string, version = '') {
  return useQuery(orderTimelineQueryOptions(source, orderId, version));
}
