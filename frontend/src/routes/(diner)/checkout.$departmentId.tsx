import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '@/features/diner/diner-pages';

// Payment page of one department.
export const Route = createFileRoute('/(diner)/checkout/$departmentId')({
  component: RouteComponent,
});

function RouteComponent() {
  const { departmentId } = Route.useParams();
  return <CheckoutPage param={departmentId} />;
}
