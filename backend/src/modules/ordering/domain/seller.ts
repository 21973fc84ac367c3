import type { SellerBlock } from '@tafrit/contracts';

export interface Seller {
  name: string;
  dealerNumber: string;
  receiptPhone: string | null;
  /** The business's phone and address (issue 17); absent in orders placed before them. */
  phone?: string;
  street?: string | null;
  city?: string | null;
  /** How a ready order reaches the diner, as the business served when it was ordered; absent in older orders: table. */
  serviceMode?: 'table' | 'pickup';
}

/** The seller's block as a tax document prints it (issue 17); the business's phone stands in for an older order's. */
export function sellerBlock(seller: Seller, businessPhone: string): SellerBlock {
  return {
    name: seller.name,
    dealerNumber: seller.dealerNumber,
    phone: seller.phone ?? businessPhone,
    street: seller.street ?? null,
    city: seller.city ?? null,
  };
}

/** What a business's row holds of its seller's details. */
export interface BusinessDetails {
  businessName: string;
  idNumber: string;
  phone: string;
  receiptPhone?: string | null;
  street?: string | null;
  city?: string | null;
}

/**
 * The seller as the business is now: for the invoice of an order placed before the seller was recorded with it, and
 * for a credit document (which prints the business as it is at the refund).
 */
export function sellerNow(business: BusinessDetails): Seller {
  return {
    name: business.businessName,
    dealerNumber: business.idNumber,
    receiptPhone: business.receiptPhone ?? null,
    phone: business.phone,
    street: business.street ?? null,
    city: business.city ?? null,
  };
}
