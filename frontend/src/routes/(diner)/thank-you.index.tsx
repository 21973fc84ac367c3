import { createFileRoute } from '@tanstack/react-router';
import { ThankYouPage } from '@/features/diner/diner-pages';
import { validateDepartmentSearch } from '@/lib/department';

// Order confirmation; alias: /thankyou.
export const Route = createFileRoute('/(diner)/thank-you/')({
  validateSearch: validateDepartmentSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { departmentId } = Route.useSearch();
  return <ThankYouPage search={departmentId} />;
}
