import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '@/features/diner/diner-pages';

// Cart of one department.
export const Route = createFileRoute('/(diner)/cart/$departmentId')({
  component: RouteComponent,
});

function RouteComponent() {
  const { departmentId } = Route.useParams();
  return <CartPage param={departmentId} />;
}
