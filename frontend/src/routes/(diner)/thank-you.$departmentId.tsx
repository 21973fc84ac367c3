import { createFileRoute } from '@tanstack/react-router';
import { ThankYouPage } from '@/features/diner/diner-pages';

// Order confirmation of one department.
export const Route = createFileRoute('/(diner)/thank-you/$departmentId')({
  component: RouteComponent,
});

function RouteComponent() {
  const { departmentId } = Route.useParams();
  return <ThankYouPage param={departmentId} />;
}
