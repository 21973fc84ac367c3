import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '@/features/diner/diner-pages';
import { validateDepartmentSearch } from '@/lib/department';

// Cart of the department in ?departmentId= or of the one stored on the device.
export const Route = createFileRoute('/(diner)/cart/')({
  validateSearch: validateDepartmentSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { departmentId } = Route.useSearch();
  return <CartPage search={departmentId} />;
}
