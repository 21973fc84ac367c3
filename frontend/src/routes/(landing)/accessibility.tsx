import { createFileRoute } from '@tanstack/react-router';
import { AccessibilityStatementPage } from '@/features/landing/info-pages';

export const Route = createFileRoute('/(landing)/accessibility')({
  component: AccessibilityStatementPage,
});
