// The business's own connection to the Tax Authority for allocation numbers (decision 047), read and changed in
// Settings.
import {
  taxAuthorityConnectAnswerSchema,
  taxAuthorityStatusSchema,
} from '@tafrit/contracts/http/tax-authority.schemas';
import type { TaxAuthorityApi } from '@/components/tax-authority-connection';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const TAX_AUTHORITY_URL = '/api/owner/tax-authority';

export const ownerTaxAuthority: TaxAuthorityApi = {
  queryKey: [TAX_AUTHORITY_URL],
  status: async (signal) =>
    dataOf(taxAuthorityStatusSchema, await ownerRequest('GET', TAX_AUTHORITY_URL, undefined, { signal })),
  connect: async () =>
    dataOf(taxAuthorityConnectAnswerSchema, await ownerRequest('POST', `${TAX_AUTHORITY_URL}/connect`)),
  disconnect: async () => dataOf(taxAuthorityStatusSchema, await ownerRequest('DELETE', TAX_AUTHORITY_URL)),
};
