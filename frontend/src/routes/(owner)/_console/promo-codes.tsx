import { createFileRoute } from '@tanstack/react-router';
import { PromoCodesPage } from '@/features/owner/owner-pages';

// The owner's promo codes (issue 33): a manager's too, as the menu's prices are.
export const Route = createFileRoute('/(owner)/_console/promo-codes')({
  component: PromoCodesPage,
});
