import { useMutation } from '@tanstack/react-query';
import { PendingButton } from '@/components/ui/pending-button';
import { secondaryButtonClass } from '@/components/ui/styles';

/**
 * A console's sign-out button (the owner's and the administrator's). It stays pending once pressed: the screen is
 * leaving, and a second press would only sign out again.
 */
export function LogoutButton({
  logout,
  label,
  pendingLabel,
}: {
  logout: () => Promise<unknown>;
  label: string;
  pendingLabel: string;
}) {
  const leaving = useMutation({ mutationFn: logout });
  return (
    <PendingButton
      type="button"
      pending={!leaving.isIdle}
      pendingLabel={pendingLabel}
      onClick={() => leaving.mutate()}
      className={secondaryButtonClass}
    >
      {label}
    </PendingButton>
  );
}
