import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '@/features/diner/diner-pages';
import { validateDepartmentSearch } from '@/lib/department';

// Payment page; aliases: /shopping-cart, /shoppingcart.
export const Route = createFileRoute('/(diner)/checkout/')({
  validateSearch: validateDepartmentSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { departmentId } = Route.useSearch();
  return <CheckoutPage search={departmentId} />;
}
