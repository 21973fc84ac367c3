// The platform's own connection to the Tax Authority, for allocation numbers on its commission invoices (decision 047).
import {
  taxAuthorityConnectAnswerSchema,
  taxAuthorityStatusSchema,
} from '@tafrit/contracts/http/tax-authority.schemas';
import type { TaxAuthorityApi } from '@/components/tax-authority-connection';
import { adminRequest, dataOf } from './session';

export const ADMIN_TAX_AUTHORITY_URL = '/api/admin/tax-authority';

export const platformTaxAuthority: TaxAuthorityApi = {
  queryKey: [ADMIN_TAX_AUTHORITY_URL],
  status: async (signal) =>
    dataOf(taxAuthorityStatusSchema, await adminRequest('GET', ADMIN_TAX_AUTHORITY_URL, undefined, signal)),
  connect: async () =>
    dataOf(taxAuthorityConnectAnswerSchema, await adminRequest('POST', `${ADMIN_TAX_AUTHORITY_URL}/connect`)),
  disconnect: async () => dataOf(taxAuthorityStatusSchema, await adminRequest('DELETE', ADMIN_TAX_AUTHORITY_URL)),
};
