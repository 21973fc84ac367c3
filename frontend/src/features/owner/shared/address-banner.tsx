import type { OwnerBusiness } from '@tafrit/contracts/http/accounts.schemas';
import { Link } from '@tanstack/react-router';
import { containerClass } from '@/components/ui/styles';
import { heDocuments } from '@/i18n/he-documents';

/**
 * A business registered before the address was asked (issue 17): every console screen asks for it until it is given,
 * since its tax documents print none meanwhile. Shown from the server's answer; `role="status"` announces it once.
 */
export function AddressBanner({ business }: { business: OwnerBusiness | null | undefined }) {
  // Null is the server's "none"; a copy stored before addresses existed has no field at all and waits for the server.
  if (business?.street !== null) return null;
  return (
    <div role="status" data-testid="address-banner" className="border-b-2 border-danger bg-danger-50 text-danger">
      <div
        className={`${containerClass} keeps-a11y-room flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3`}
      >
        <p className="font-bold">{heDocuments.banner.text}</p>
        <Link
          to="/settings"
          hash="business-address"
          className="inline-flex min-h-11 items-center font-medium text-danger underline hover:no-underline"
        >
          {heDocuments.banner.link}
        </Link>
      </div>
    </div>
  );
}
