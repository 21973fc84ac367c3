// The readable menu address and the previews' line (issue 33): read and chosen in settings.
import {
  menuAddressResponseSchema,
  type MenuAddressRequest,
  type MenuAddressResponse,
} from '@tafrit/contracts/http/share.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const MENU_ADDRESS_URL = '/api/business/menu-address';

export async function getMenuAddress(signal?: AbortSignal): Promise<MenuAddressResponse> {
  return dataOf(menuAddressResponseSchema, await ownerRequest('GET', MENU_ADDRESS_URL, undefined, { signal }));
}

export async function chooseMenuAddress(request: MenuAddressRequest): Promise<MenuAddressResponse> {
  return dataOf(menuAddressResponseSchema, await ownerRequest('PUT', MENU_ADDRESS_URL, request));
}

export const menuAddressQueryOptions = queryOptions({
  queryKey: [MENU_ADDRESS_URL],
  queryFn: ({ signal }) => getMenuAddress(signal),
});

export const useMenuAddress = () => useQuery(menuAddressQueryOptions);
