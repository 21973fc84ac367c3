import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '@/features/diner/diner-pages';
import { validateDepartmentSearch } from '@/lib/department';

// Alias of /checkout.
export const Route = createFileRoute('/(diner)/shoppingcart')({
  validateSearch: validateDepartmentSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { departmentId } = Route.useSearch();
  return <CheckoutPage search={departmentId} />;
}
