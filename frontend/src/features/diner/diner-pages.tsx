import { useEffect } from 'react';
import { PlaceholderPage } from '@/components/page-shell';
import { heDiner } from '@/i18n/he-diner';
import { currentDepartmentId } from '@/lib/storage';
import { resolveDepartmentId } from './department';

// The diner's screens. This file is the diner chunk that a QR-code scan downloads: keep heavy imports (zod, form
// libraries, the contracts index) out; from @tafrit/contracts import subpaths only (`@tafrit/contracts/money`).

interface DepartmentSources {
  param?: string;
  search?: string;
}

function DepartmentLine({ departmentId }: { departmentId: string }) {
  return (
    <p className="mt-2 text-muted" data-testid="department-id">
      {heDiner.menu.departmentLabel} <bdi dir="ltr">{departmentId}</bdi>
    </p>
  );
}

export function DinerMenuPage(sources: DepartmentSources) {
  const departmentId = resolveDepartmentId(sources);
  useEffect(() => {
    // The menu visited last is where /order, /cart and the others go back to.
    if (departmentId) currentDepartmentId.set(departmentId);
  }, [departmentId]);

  if (!departmentId) {
    return (
      <PlaceholderPage
        testId="menu-not-found"
        title={heDiner.menuNotFound.title}
        description={heDiner.menuNotFound.description}
      />
    );
  }
  return (
    <PlaceholderPage title={heDiner.menu.title} description={heDiner.menu.description}>
      <DepartmentLine departmentId={departmentId} />
    </PlaceholderPage>
  );
}

function DepartmentPlaceholder({
  title,
  description,
  ...sources
}: DepartmentSources & Record<'title' | 'description', string>) {
  const departmentId = resolveDepartmentId(sources);
  return (
    <PlaceholderPage title={title} description={description}>
      {departmentId ? <DepartmentLine departmentId={departmentId} /> : null}
    </PlaceholderPage>
  );
}

export function CartPage(sources: DepartmentSources) {
  return <DepartmentPlaceholder {...sources} {...heDiner.cart} />;
}

export function CheckoutPage(sources: DepartmentSources) {
  return <DepartmentPlaceholder {...sources} {...heDiner.checkout} />;
}

export function ThankYouPage(sources: DepartmentSources) {
  return <DepartmentPlaceholder {...sources} {...heDiner.thankYou} />;
}
