import { createFileRoute } from '@tanstack/react-router';
import { DinerMenuPage } from '@/features/diner/diner-pages';

// The diner's menu, reached by the table's QR code. Its chunk is budgeted: see frontend/README.md.
export const Route = createFileRoute('/(diner)/menu/$departmentId')({
  component: RouteComponent,
});

function RouteComponent() {
  const { departmentId } = Route.useParams();
  return <DinerMenuPage param={departmentId} />;
}
