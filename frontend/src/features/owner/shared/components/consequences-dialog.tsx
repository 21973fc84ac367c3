import type { ComponentProps } from 'react';
import { ConsequencesDialog as SharedConsequencesDialog } from '@/components/ui/consequences-dialog';
import { errorDescription } from '../errors';

/**
 * The shared dialog for a step that is hard to undo (a new QR address, removing a stored password), with the owner
 * console's wording of a failure's reason.
 */
export function ConsequencesDialog(props: Omit<ComponentProps<typeof SharedConsequencesDialog>, 'describeError'>) {
  return <SharedConsequencesDialog {...props} describeError={errorDescription} />;
}
