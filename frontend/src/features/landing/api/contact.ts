import type { ApiSuccess } from '@tafrit/contracts/envelope';
import type { ContactFormInput, ContactResponse } from '@tafrit/contracts/http/contact.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type ContactSubmission = ContactFormInput & { website?: string };
export type ContactAnswer = ApiSuccess<ContactResponse>;

/**
 * Product spec §7: POST /contact-form.php first; when that is not ok, the same body to POST /api/contact. Our server
 * answers both alike, so the second call only matters behind a host that lacks the first path.
 */
export async function submitContact(body: ContactSubmission): Promise<ContactAnswer> {
  try {
    return await apiRequest<ContactAnswer>('POST', '/contact-form.php', body);
  } catch {
    return apiRequest<ContactAnswer>('POST', '/api/contact', body);
  }
}

export function useSubmitContact() {
  return useMutation({ mutationFn: submitContact });
}
