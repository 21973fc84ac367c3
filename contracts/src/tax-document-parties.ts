// Who a tax document names: its seller (issue 17) and its buyer (issue 32), as the document's own event records them,
// so a later change of the business or of the order never changes what a document said.
import { z } from 'zod';

/**
 * The seller's block as a tax document prints it (issue 17): name, dealer number, phone and address. Kept in the
 * document's own event, so a later change of the business never changes what a document said. `street` and `city`
 * are null for a business that had not given its address yet.
 */
export const sellerBlockSchema = z.object({
  name: z.string(),
  dealerNumber: z.string(),
  phone: z.string(),
  street: z.string().nullable(),
  city: z.string().nullable(),
});
export type SellerBlock = z.infer<typeof sellerBlockSchema>;

/**
 * The buyer a tax document names (issue 32): the business the diner asked the invoice for, by its name and its ח.פ. or
 * עוסק מורשה number (nine digits), as the checkout's contract checked them. Absent: a private diner's document.
 */
export const buyerBlockSchema = z.object({ name: z.string().min(1), taxId: z.string().regex(/^\d{9}$/) });
export type BuyerBlock = z.infer<typeof buyerBlockSchema>;
