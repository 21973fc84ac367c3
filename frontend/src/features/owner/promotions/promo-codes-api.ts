// The owner's promo codes (issue 33): `GET /api/owner/promo-codes`, `POST` (create), `POST .../{id}/turn-off` and
// `.../turn-on`. Answers parsed with the contract's schema; every write is a mutation that refreshes the list.
import {
  promoCodeAnswerSchema,
  type CreatePromoCodeInput,
  type PromoCodeAnswer,
  type PromoRulesInput,
} from '@tafrit/contracts/http/promo-codes.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { tokenFor } from '@/lib/api-client';
import { dataOf } from '../shared/api/responses';
import { ownerRequest } from '../shared/api/session-request';

export const PROMO_CODES_URL = '/api/owner/promo-codes';

export async function getPromoCodes(signal?: AbortSignal): Promise<PromoCodeAnswer[]> {
  return dataOf(z.array(promoCodeAnswerSchema), await ownerRequest('GET', PROMO_CODES_URL, undefined, { signal }));
}

export const promoCodesQueryOptions = queryOptions({
  queryKey: [PROMO_CODES_URL],
  queryFn: ({ signal }) => getPromoCodes(signal),
});

export function usePromoCodes() {
  // The page's code loads after the console: by then a logout may have taken the token.
  return useQuery({ ...promoCodesQueryOptions, enabled: tokenFor(PROMO_CODES_URL) !== null });
}

function usePromoChange<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: promoCodesQueryOptions.queryKey }),
  });
}

export async function createPromoCode(input: CreatePromoCodeInput): Promise<PromoCodeAnswer> {
  return dataOf(promoCodeAnswerSchema, await ownerRequest('POST', PROMO_CODES_URL, input));
}
export const useCreatePromoCode = () => usePromoChange(createPromoCode);

/** New rules for a code (its name never changes): orders placed before keep the discount they had. */
export async function changePromoCode({ id, rules }: { id: string; rules: PromoRulesInput }): Promise<PromoCodeAnswer> {
  return dataOf(
    promoCodeAnswerSchema,
    await ownerRequest('PUT', `${PROMO_CODES_URL}/${encodeURIComponent(id)}`, rules),
  );
}
export const useChangePromoCode = () => usePromoChange(changePromoCode);

/** Off: no new order takes it; on again: it holds as its rules say. Its orders and history stay either way. */
export async function switchPromoCode({ id, on }: { id: string; on: boolean }): Promise<PromoCodeAnswer> {
  const path = `${PROMO_CODES_URL}/${encodeURIComponent(id)}/${on ? 'turn-on' : 'turn-off'}`;
  return dataOf(promoCodeAnswerSchema, await ownerRequest('POST', path));
}
export const useSwitchPromoCode = () => usePromoChange(switchPromoCode);
