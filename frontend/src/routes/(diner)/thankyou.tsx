import { createFileRoute } from '@tanstack/react-router';
import { ThankYouPage } from '@/features/diner/diner-pages';
import { validateDepartmentSearch } from '@/lib/department';

// Alias of /thank-you.
export const Route = createFileRoute('/(diner)/thankyou')({
  validateSearch: validateDepartmentSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { departmentId } = Route.useSearch();
  return <ThankYouPage search={departmentId} />;
}
