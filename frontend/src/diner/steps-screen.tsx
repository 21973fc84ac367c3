import { Suspense, type ComponentType } from 'react';
import type { DinerOrderView } from '@tafrit/contracts/ordering-types';
import type { PublicOrderAhead } from '@tafrit/contracts/order-ahead';
import { itemCount, type CartLine } from './cart';
import type { CartPageProps } from './cart-page';
import { DinerHeader } from './diner-header';
import type { PublicBusiness } from './menu-types';
import type { DinerPage } from './paths';
import { useText } from './language';
import { PageMain } from './ui';

export type StepPage = Exclude<DinerPage, 'menu'>;
export type StepPagesProps = CartPageProps & {
  page: StepPage;
  businessName: string;
  /** What the checkout offers beside a card (issue 17). */
  payments?: PublicBusiness['payments'];
  /** Order ahead's slots from the menu the diner browsed (issue 33). */
  orderAhead?: PublicOrderAhead | undefined;
  /** The thank-you page's order when the server read it (server.tsx). */
  order?: DinerOrderView | undefined;
};

/**
 * The cart, checkout and thank-you screens under the business's header: the app renders it with the steps' code
 * loaded on demand (app.tsx), the server with the same code at hand (server.tsx), so the browser hydrates the very
 * elements the server drew. Until the steps' code is there, their room (a main is at least a screen tall).
 */
export function StepsScreen({
  Pages,
  page,
  business,
  table,
  lines,
  update,
  order,
  orderAhead,
}: {
  Pages: ComponentType<StepPagesProps>;
  page: StepPage;
  business: Pick<PublicBusiness, 'businessName' | 'logo' | 'departmentId' | 'languages' | 'payments'>;
  table: string | undefined;
  lines: readonly CartLine[];
  update: CartPageProps['update'];
  order?: DinerOrderView | undefined;
  orderAhead?: PublicOrderAhead | undefined;
}) {
  return (
    <>
      <DinerHeader business={business} table={table} count={itemCount(lines)} title={false} />
      {/* Until the steps' code is there (a slow line: seconds), the screen says so at once, in the step's room. */}
      <Suspense fallback={<StepLoading />}>
        <Pages
          page={page}
          departmentId={business.departmentId}
          businessName={business.businessName}
          payments={business.payments}
          orderAhead={orderAhead}
          lines={lines}
          update={update}
          order={order}
        />
      </Suspense>
    </>
  );
}

function StepLoading() {
  const t = useText();
  return (
    <PageMain>
      <p role="status" className="text-lg text-muted" data-testid="step-loading">
        {t.stepLoading}
      </p>
    </PageMain>
  );
}
