// What the checkout offers beside a card (issue 17): the optional tip, Bit and Google Pay, read and chosen in settings.
import { paymentOptionsSchema, type PaymentOptions } from '@tafrit/contracts/http/accounts.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const PAYMENT_OPTIONS_URL = '/api/business/payment-options';

export async function getPaymentOptions(signal?: AbortSignal): Promise<PaymentOptions> {
  return dataOf(paymentOptionsSchema, await ownerRequest('GET', PAYMENT_OPTIONS_URL, undefined, { signal }));
}

export async function choosePaymentOptions(request: PaymentOptions): Promise<PaymentOptions> {
  return dataOf(paymentOptionsSchema, await ownerRequest('PUT', PAYMENT_OPTIONS_URL, request));
}

export const paymentOptionsQueryOptions = queryOptions({
  queryKey: [PAYMENT_OPTIONS_URL],
  queryFn: ({ signal }) => getPaymentOptions(signal),
});

export const usePaymentOptions = () => useQuery(paymentOptionsQueryOptions);
