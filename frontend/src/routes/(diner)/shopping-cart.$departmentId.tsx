import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '@/features/diner/diner-pages';

// Alias of /checkout/$departmentId.
export const Route = createFileRoute('/(diner)/shopping-cart/$departmentId')({
  component: RouteComponent,
});

function RouteComponent() {
  const { departmentId } = Route.useParams();
  return <CheckoutPage param={departmentId} />;
}
