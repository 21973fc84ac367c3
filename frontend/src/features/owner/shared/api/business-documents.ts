// Settings' cards of issue 17: the business's address and its own Cardcom terminal's ApiPassword. Both answer the
// business (which says only whether a password is set).
import {
  ownerBusinessResponseSchema,
  type BusinessAddressRequest,
  type CardcomApiPasswordRequest,
  type OwnerBusiness,
} from '@tafrit/contracts/http/accounts.schemas';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const ADDRESS_URL = '/api/business/address';
export const CARDCOM_PASSWORD_URL = '/api/business/cardcom-password';

export async function updateAddress(address: BusinessAddressRequest): Promise<OwnerBusiness> {
  return dataOf(ownerBusinessResponseSchema, await ownerRequest('PUT', ADDRESS_URL, address)).business;
}

export async function updateCardcomPassword(request: CardcomApiPasswordRequest): Promise<OwnerBusiness> {
  return dataOf(ownerBusinessResponseSchema, await ownerRequest('PUT', CARDCOM_PASSWORD_URL, request)).business;
}
