import { createFileRoute } from '@tanstack/react-router';
import { DinerMenuPage } from '@/features/diner/diner-pages';
import { validateDepartmentSearch } from '@/lib/department';

// The diner menu again; the department comes from ?departmentId= or from the device.
export const Route = createFileRoute('/(diner)/order')({
  validateSearch: validateDepartmentSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { departmentId } = Route.useSearch();
  return <DinerMenuPage search={departmentId} />;
}
